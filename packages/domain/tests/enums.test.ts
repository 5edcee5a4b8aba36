import { describe, expect, it } from 'vitest';
import {
  ADMIN_ENQUIRY_PROPERTY_TYPES,
  AMENITIES,
  APPOINTMENT_STATUSES,
  CITIES,
  cityBySlug,
  citySlug,
  ENQUIRY_FURNISH_STATUSES,
  ENQUIRY_PROPERTY_TYPES,
  isStaffRole,
  MESSAGES,
  PROPERTY_TYPES,
  PUBLIC_ENQUIRY_PROPERTY_TYPES,
  STAFF_APPOINTMENT_STATUSES,
} from '../src/index.js';

describe('enumerations', () => {
  it('lists the 20 amenities in order', () => {
    expect(AMENITIES).toHaveLength(20);
    expect(AMENITIES[0]).toBe('Pool');
    expect(AMENITIES[2]).toBe("Boy's Quarters");
    expect(AMENITIES[19]).toBe('Smart Home Features');
  });

  it('stores every enquiry property type either form offers, once each', () => {
    const union = new Set([
      ...PROPERTY_TYPES,
      ...PUBLIC_ENQUIRY_PROPERTY_TYPES,
      ...ADMIN_ENQUIRY_PROPERTY_TYPES,
    ]);
    expect(new Set(ENQUIRY_PROPERTY_TYPES)).toEqual(union);
    expect(ENQUIRY_PROPERTY_TYPES).toHaveLength(union.size);
  });

  it('puts Not specified first among enquiry furnish statuses', () => {
    expect(ENQUIRY_FURNISH_STATUSES).toEqual([
      'Not specified',
      'Fully furnished',
      'Semi furnished',
      'Not furnished',
    ]);
  });

  it('keeps Cancelled away from staff status choices', () => {
    expect(APPOINTMENT_STATUSES).toContain('Cancelled');
    expect(STAFF_APPOINTMENT_STATUSES).not.toContain('Cancelled');
    expect(STAFF_APPOINTMENT_STATUSES).toHaveLength(4);
  });

  it('tells staff roles apart from seekers', () => {
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole('superadmin')).toBe(true);
    expect(isStaffRole('user')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(MESSAGES)).toBe(true);
    expect(Object.isFrozen(CITIES)).toBe(true);
  });
});

describe('cities', () => {
  it('lists the eight featured cities with their regions', () => {
    expect(CITIES.map((c) => c.name)).toEqual([
      'Accra',
      'Kumasi',
      'Takoradi',
      'Tamale',
      'Cape Coast',
      'Koforidua',
      'Techiman',
      'Ho',
    ]);
    expect(cityBySlug('cape-coast')).toEqual({ name: 'Cape Coast', slug: 'cape-coast', region: 'Central' });
    expect(cityBySlug('Techiman')?.region).toBe('Bono East');
    expect(cityBySlug('lagos')).toBeUndefined();
  });

  it('makes lower-case hyphenated slugs', () => {
    expect(citySlug('Cape Coast')).toBe('cape-coast');
    expect(citySlug('  Accra ')).toBe('accra');
    expect(citySlug('Sekondi–Takoradi')).toBe('sekondi-takoradi');
  });
});
