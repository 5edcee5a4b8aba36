import { describe, expect, it } from 'vitest';
import {
  formatGhanaPhone,
  ghanaPhoneSchema,
  isGhanaPhone,
  MESSAGES,
  normaliseGhanaPhone,
} from '../src/index.js';
import { messageAt, parsed } from './helpers.js';

describe('Ghana phone numbers', () => {
  it.each([
    '0241234567',
    '+233241234567',
    '+233 24 123 4567',
    '233241234567',
    '(024) 123-4567',
    '024.123.4567',
    '+233 (0)24 123 4567',
    ' 024 123 4567 ',
  ])('normalises %j to +233241234567', (input) => {
    expect(normaliseGhanaPhone(input)).toBe('+233241234567');
    expect(isGhanaPhone(input)).toBe(true);
  });

  it.each([
    ['too short', '024123456'],
    ['too long', '02412345678'],
    ['short after +233', '+23324123456'],
    ['long after +233', '+2332412345678'],
    ['letters', '02412a4567'],
    ['empty', ''],
    ['another country', '+44 20 7946 0958'],
    ['international 00 prefix', '00233241234567'],
    ['no trunk zero', '241234567'],
  ])('refuses a number that is %s', (_why, input) => {
    expect(normaliseGhanaPhone(input)).toBeNull();
    expect(isGhanaPhone(input)).toBe(false);
  });

  it('formats a number in the usual groups', () => {
    expect(formatGhanaPhone('+233241234567')).toBe('+233 24 123 4567');
    expect(formatGhanaPhone('0501234567')).toBe('+233 50 123 4567');
  });

  it('returns text that is not a Ghana number unchanged', () => {
    expect(formatGhanaPhone('call me')).toBe('call me');
  });

  it('schema normalises valid numbers and explains the format otherwise', () => {
    expect(parsed(ghanaPhoneSchema, '024 123 4567')).toBe('+233241234567');
    expect(messageAt(ghanaPhoneSchema, '12345', '')).toBe(MESSAGES.invalidPhone);
    expect(MESSAGES.invalidPhone).toBe('Enter a Ghana phone number: +233 or 0 followed by 9 digits');
  });
});
