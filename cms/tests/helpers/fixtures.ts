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

/**
 * Properties a test works with, made through the API: `count` listed at once (a superadmin's) and one
 * waiting for approval (an admin's), from `property(n)` bodies numbered 1 to count + 1.
 */
export async function listedAndPending(
  api: {
    post(
      path: string,
      body?: unknown,
      o?: { token?: string },
    ): Promise<{ status: number; body: { _id: string; approvalStatus?: string } }>;
  },
  token: { superadmin?: string; admin?: string },
  property: (n: number) => Record<string, unknown>,
  count = 3,
): Promise<{ listed: string[]; unapproved: string }> {
  const listed: string[] = [];
  for (let n = 1; n <= count; n++) {
    const made = await api.post('/api/products', property(n), { token: token.superadmin });
    if (made.status !== 201) throw new Error(`a listed property answered ${made.status}`);
    listed.push(made.body._id);
  }
  const pending = await api.post('/api/products', property(count + 1), { token: token.admin });
  if (pending.status !== 201 || pending.body.approvalStatus !== 'unapproved')
    throw new Error(`the pending property answered ${pending.status} ${pending.body?.approvalStatus}`);
  return { listed, unapproved: pending.body._id };
}
