// Request bodies several cms test files send: a valid deal and a valid property, to vary per test.
import { testImage } from './images';

/** A complete, valid deal (POST /api/deals); spread it and override what a test is about. */
export const DEAL = {
  closerName: 'Kofi Addo',
  dealDate: '2026-11-20',
  commission: 'GH₵ 2,400',
  tenantName: 'Esi Quaye',
  tenantContact: '+233244000111',
  tenancyStartDate: '2026-12-01',
  tenancyEndDate: '2027-11-30',
} as const;

/** A complete, valid property (POST /api/products) at `location`. */
export const propertyAt = (location: string, overrides: Record<string, unknown> = {}) => ({
  location,
  nearestLandmark: 'Accra Mall',
  price: 2500,
  currency: 'GHS',
  propertyType: 'House',
  leaseType: 'Rent',
  images: [testImage('a')],
  ...overrides,
});
