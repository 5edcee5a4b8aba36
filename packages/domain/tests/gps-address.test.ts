import { describe, expect, it } from 'vitest';
import { gpsAddressSchema, isGpsAddress, MESSAGES, normaliseGpsAddress } from '../src/index.js';
import { messageAt, parsed } from './helpers.js';

describe('Ghana Post GPS addresses', () => {
  it.each([
    ['GA-183-8164', 'GA-183-8164'],
    ['ga-183-8164', 'GA-183-8164'],
    ['  GA 183 8164 ', 'GA-183-8164'],
    ['GA1838164', 'GA-183-8164'],
    ['GA-1838164', 'GA-183-8164'],
    ['AK-039-5028', 'AK-039-5028'],
    ['GA18164', 'GA-1-8164'],
    ['GT-1234-5678', 'GT-1234-5678'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseGpsAddress(input)).toBe(expected);
    expect(isGpsAddress(input)).toBe(true);
  });

  it.each([
    'G-183-8164',
    'GA-183-816',
    'GA-12345-8164',
    'GA-8164',
    '12-183-8164',
    'GA-183-81645',
    'GAX-183-8164',
    '',
  ])('refuses %j', (input) => {
    expect(normaliseGpsAddress(input)).toBeNull();
  });

  it('schema leaves an absent address absent and turns blank or null into null', () => {
    expect(parsed(gpsAddressSchema, undefined)).toBeUndefined();
    expect(parsed(gpsAddressSchema, '')).toBeNull();
    expect(parsed(gpsAddressSchema, '  ')).toBeNull();
    expect(parsed(gpsAddressSchema, null)).toBeNull();
  });

  it('schema normalises a valid address and explains an invalid one', () => {
    expect(parsed(gpsAddressSchema, 'ga1838164')).toBe('GA-183-8164');
    expect(messageAt(gpsAddressSchema, 'Legon', '')).toBe(MESSAGES.invalidGpsAddress);
  });
});
