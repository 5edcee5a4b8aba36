import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AMENITIES,
  CURRENCIES,
  ENQUIRY_FURNISH_STATUSES,
  ENQUIRY_PRIORITIES,
  ENQUIRY_PROPERTY_TYPES,
  ENQUIRY_STATUSES,
  FURNISH_STATUSES,
  LEASE_TYPES,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  inGhana,
  isGhanaPhone,
  normaliseGpsAddress,
} from '@fie/domain';
import {
  DEMO_DEALS,
  DEMO_ENQUIRIES,
  DEMO_PARTNERS,
  DEMO_PROPERTIES,
  DEMO_TESTIMONIALS,
} from '../../src/demo/catalogue';
import { AREA_CENTRES, demoPoint } from '../../src/demo/points';

const IMAGES_DIR = path.resolve(__dirname, '..', '..', 'demo', 'images');
const CITY_SLUGS = [
  'accra',
  'kumasi',
  'takoradi',
  'tamale',
  'cape-coast',
  'koforidua',
  'techiman',
  'ho',
] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const countBy = <T>(list: readonly T[], key: (item: T) => string) =>
  list.reduce<Record<string, number>>((acc, item) => {
    const k = key(item);
    acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});

describe('demo properties', () => {
  const props = DEMO_PROPERTIES;

  it('has enough listings, most of them approved', () => {
    expect(props.length).toBeGreaterThanOrEqual(72);
    const approved = props.filter((p) => p.approved).length;
    const unapproved = props.length - approved;
    expect(approved).toBeGreaterThanOrEqual(64);
    expect(unapproved).toBeGreaterThanOrEqual(6);
    expect(unapproved).toBeLessThanOrEqual(8);
  });

  it('has unique keys', () => {
    expect(new Set(props.map((p) => p.key)).size).toBe(props.length);
  });

  it('covers all eight cities, Accra the most', () => {
    const byCity = countBy(props, (p) => p.citySlug);
    expect(Object.keys(byCity).sort()).toEqual([...CITY_SLUGS].sort());
    for (const slug of CITY_SLUGS) expect(byCity[slug]).toBeGreaterThanOrEqual(4);
    const accra = byCity.accra ?? 0;
    for (const slug of CITY_SLUGS.filter((s) => s !== 'accra'))
      expect(accra).toBeGreaterThan(byCity[slug] ?? 0);
    expect(byCity.kumasi).toBeGreaterThan(byCity.takoradi ?? 0);
  });

  it('uses every property type many times, both lease types and both currencies', () => {
    const byType = countBy(props, (p) => p.propertyType);
    for (const type of PROPERTY_TYPES) expect(byType[type] ?? 0).toBeGreaterThanOrEqual(5);
    for (const lease of LEASE_TYPES) expect(props.some((p) => p.leaseType === lease)).toBe(true);
    for (const currency of CURRENCIES) expect(props.some((p) => p.currency === currency)).toBe(true);
    const land = props.filter((p) => p.propertyType === 'Land');
    expect(land.filter((p) => p.leaseType === 'Sale').length).toBeGreaterThan(land.length / 2);
    expect(props.some((p) => p.propertyType === 'Commercial' && p.leaseType === 'Rent')).toBe(true);
  });

  it('mixes states, furnish statuses, availability and missing addresses', () => {
    for (const state of PROPERTY_STATES) expect(props.some((p) => p.propertyState === state)).toBe(true);
    for (const furnish of FURNISH_STATUSES) expect(props.some((p) => p.furnishStatus === furnish)).toBe(true);
    expect(props.filter((p) => p.propertyState === 'New').length).toBeGreaterThanOrEqual(3);
    expect(props.some((p) => !p.available)).toBe(true);
    expect(props.some((p) => p.digitalAddress === null)).toBe(true);
  });

  it('only uses the domain enumerations', () => {
    for (const p of props) {
      expect(PROPERTY_TYPES).toContain(p.propertyType);
      expect(LEASE_TYPES).toContain(p.leaseType);
      expect(PROPERTY_STATES).toContain(p.propertyState);
      expect(FURNISH_STATUSES).toContain(p.furnishStatus);
      expect(CURRENCIES).toContain(p.currency);
      expect(CITY_SLUGS).toContain(p.citySlug);
    }
  });

  it('only uses the 20 amenity values, without repeats', () => {
    expect(AMENITIES).toHaveLength(20);
    const allowed = new Set<string>(AMENITIES);
    for (const p of props) {
      for (const a of p.amenities) expect(allowed.has(a), `${p.key}: ${a}`).toBe(true);
      expect(new Set(p.amenities).size, p.key).toBe(p.amenities.length);
    }
  });

  it('has sensible room counts', () => {
    for (const p of props) {
      for (const n of [p.numberOfBedrooms, p.numberOfBathrooms, p.numberOfWashrooms]) {
        expect(Number.isInteger(n) && n >= 0, p.key).toBe(true);
      }
      if (p.propertyType === 'Land') {
        expect([p.numberOfBedrooms, p.numberOfBathrooms, p.numberOfWashrooms], p.key).toEqual([0, 0, 0]);
        expect(p.amenities, p.key).toEqual([]);
      } else if (p.propertyType === 'Commercial') {
        expect(p.numberOfBedrooms, p.key).toBe(0);
      } else {
        expect(p.numberOfBedrooms, p.key).toBeGreaterThanOrEqual(1);
        expect(p.numberOfBathrooms, p.key).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('has realistic prices', () => {
    for (const p of props) {
      expect(Number.isInteger(p.priceAmount), p.key).toBe(true);
      if (p.leaseType === 'Rent') {
        const [lo, hi] = p.currency === 'GHS' ? [1500, 25000] : [400, 6000];
        expect(p.priceAmount, p.key).toBeGreaterThanOrEqual(lo);
        expect(p.priceAmount, p.key).toBeLessThanOrEqual(hi);
      } else if (p.propertyType === 'Land') {
        // Plots outside the big cities sell for well under the price of a building.
        const [lo, hi] = p.currency === 'GHS' ? [50000, 6000000] : [60000, 1500000];
        expect(p.priceAmount, p.key).toBeGreaterThanOrEqual(lo);
        expect(p.priceAmount, p.key).toBeLessThanOrEqual(hi);
      } else {
        const [lo, hi] = p.currency === 'GHS' ? [350000, 6000000] : [60000, 1500000];
        expect(p.priceAmount, p.key).toBeGreaterThanOrEqual(lo);
        expect(p.priceAmount, p.key).toBeLessThanOrEqual(hi);
      }
    }
  });

  it('has valid Ghana Post GPS addresses where given', () => {
    for (const p of props) {
      if (p.digitalAddress !== null)
        expect(normaliseGpsAddress(p.digitalAddress), p.key).toBe(p.digitalAddress);
    }
  });

  it('has text fields and listing ages within range', () => {
    for (const p of props) {
      expect(p.location.length, p.key).toBeGreaterThan(3);
      expect(p.location.length, p.key).toBeLessThanOrEqual(200);
      expect(p.nearestLandmark.length, p.key).toBeGreaterThan(2);
      expect(p.nearestLandmark.length, p.key).toBeLessThanOrEqual(200);
      expect(p.description.length, p.key).toBeGreaterThan(40);
      expect(Number.isInteger(p.daysAgo) && p.daysAgo >= 0 && p.daysAgo <= 120, p.key).toBe(true);
    }
  });

  it('points at image files that exist, the cover matching the type', () => {
    for (const p of props) {
      expect(p.images.length, p.key).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.key).toBeLessThanOrEqual(4);
      expect(new Set(p.images).size, p.key).toBe(p.images.length);
      expect(
        p.images[0]!.startsWith(`${p.propertyType.toLowerCase()}-`),
        `${p.key} cover ${p.images[0]}`,
      ).toBe(true);
      for (const img of p.images) {
        expect(fs.existsSync(path.join(IMAGES_DIR, img)), `${p.key}: ${img}`).toBe(true);
      }
    }
  });
});

describe('demo deals', () => {
  const keys = new Set(DEMO_PROPERTIES.map((p) => p.key));

  it('has six deals, two unapproved and two with an outside agent', () => {
    expect(DEMO_DEALS).toHaveLength(6);
    expect(DEMO_DEALS.filter((d) => !d.approved)).toHaveLength(2);
    const withAgent = DEMO_DEALS.filter((d) => d.nameOfAgentInvolved !== undefined);
    expect(withAgent).toHaveLength(2);
    for (const d of DEMO_DEALS) {
      const agentFields = [d.nameOfAgentInvolved, d.commissionToAgent, d.agentContact];
      const given = agentFields.filter((v) => v !== undefined).length;
      expect(given === 0 || given === 3, d.key).toBe(true);
      if (d.agentContact !== undefined) expect(isGhanaPhone(d.agentContact), d.key).toBe(true);
    }
    expect(new Set(DEMO_DEALS.map((d) => d.key)).size).toBe(DEMO_DEALS.length);
  });

  it('has valid dates, contacts and property links', () => {
    for (const d of DEMO_DEALS) {
      for (const date of [d.dealDate, d.tenancyStartDate, d.tenancyEndDate])
        expect(date, d.key).toMatch(ISO_DATE);
      expect(d.tenancyEndDate >= d.tenancyStartDate, d.key).toBe(true);
      expect(isGhanaPhone(d.tenantContact), d.key).toBe(true);
      expect(d.commission, d.key).toMatch(/^GH₵ [\d,]+$/);
      if (d.propertyKey !== undefined) expect(keys.has(d.propertyKey), d.key).toBe(true);
    }
  });
});

describe('demo enquiries', () => {
  const keys = new Set(DEMO_PROPERTIES.map((p) => p.key));

  it('has eight enquiries with every status and priority', () => {
    expect(DEMO_ENQUIRIES).toHaveLength(8);
    expect(new Set(DEMO_ENQUIRIES.map((e) => e.key)).size).toBe(DEMO_ENQUIRIES.length);
    for (const status of ENQUIRY_STATUSES) expect(DEMO_ENQUIRIES.some((e) => e.status === status)).toBe(true);
    for (const priority of ENQUIRY_PRIORITIES)
      expect(DEMO_ENQUIRIES.some((e) => e.priority === priority)).toBe(true);
    expect(DEMO_ENQUIRIES.some((e) => e.byDemoSeeker)).toBe(true);
  });

  it('uses the enquiry enumerations, valid phones and existing properties', () => {
    for (const e of DEMO_ENQUIRIES) {
      expect(ENQUIRY_PROPERTY_TYPES).toContain(e.propertyType);
      expect(ENQUIRY_FURNISH_STATUSES).toContain(e.furnishStatus);
      expect(e.phoneNumber.length, e.key).toBeGreaterThanOrEqual(1);
      expect(e.phoneNumber.length, e.key).toBeLessThanOrEqual(3);
      for (const phone of e.phoneNumber) expect(isGhanaPhone(phone), e.key).toBe(true);
      if (e.whatsAppNumber !== null) expect(isGhanaPhone(e.whatsAppNumber), e.key).toBe(true);
      if (e.propertyKey !== undefined) expect(keys.has(e.propertyKey), e.key).toBe(true);
      expect(e.daysAgo, e.key).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('demo testimonials and partners', () => {
  it('has five testimonials within the content-type limits', () => {
    expect(DEMO_TESTIMONIALS).toHaveLength(5);
    for (const t of DEMO_TESTIMONIALS) {
      expect(t.name.length).toBeLessThanOrEqual(80);
      expect(t.role.length).toBeLessThanOrEqual(80);
      expect(t.quote.length).toBeLessThanOrEqual(600);
      expect(Number.isInteger(t.rating) && t.rating >= 1 && t.rating <= 5).toBe(true);
    }
  });

  it('has five partners with unique names', () => {
    expect(DEMO_PARTNERS).toHaveLength(5);
    expect(new Set(DEMO_PARTNERS.map((p) => p.name)).size).toBe(5);
    for (const p of DEMO_PARTNERS) {
      expect(p.name.length).toBeLessThanOrEqual(80);
      if (p.website !== null) expect(p.website).toMatch(/^https:\/\//);
    }
  });
});

describe('demo map points', () => {
  it('every demo listing has a point in Ghana near its area, the same every time, and not on one spot', () => {
    const points = DEMO_PROPERTIES.map((p) => ({ p, point: demoPoint(p.key, p.location) }));
    for (const { p, point } of points) {
      expect(point, p.location).not.toBeNull();
      expect(inGhana(point!.latitude, point!.longitude), p.key).toBe(true);
      const [lat, lon] = AREA_CENTRES[p.location]!;
      expect(Math.abs(point!.latitude - lat), p.key).toBeLessThanOrEqual(0.0036);
      expect(Math.abs(point!.longitude - lon), p.key).toBeLessThanOrEqual(0.0036);
      expect(demoPoint(p.key, p.location)).toEqual(point);
    }
    const spots = new Set(points.map(({ point }) => `${point!.latitude},${point!.longitude}`));
    expect(spots.size).toBe(DEMO_PROPERTIES.length);
    expect(demoPoint('x', 'Nowhere, Atlantis')).toBeNull();
  });
});
