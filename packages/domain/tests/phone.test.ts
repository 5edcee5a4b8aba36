import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { GHANA_PHONE_METADATA } from '../src/phone-metadata.js';
import {
  formatGhanaPhone,
  ghanaMobileSchema,
  ghanaPhoneSchema,
  isGhanaPhone,
  MESSAGES,
  normaliseGhanaMobile,
  normaliseGhanaPhone,
  optionalGhanaMobileSchema,
  readGhanaPhone,
  readGhanaPhoneByShape,
  phoneCheckReady,
} from '../src/index.js';
import { messageAt, parsed } from './helpers.js';

describe('Ghana phone numbers', () => {
  it.each([
    '0241234567',
    '+233241234567',
    '+233 24 123 4567',
    '233241234567',
    '00233241234567',
    '241234567',
    '(024) 123-4567',
    '024.123.4567',
    '+233 (0)24 123 4567',
    ' 024 123 4567 ',
  ])('normalises %j to +233241234567', (input) => {
    expect(normaliseGhanaPhone(input)).toBe('+233241234567');
    expect(normaliseGhanaMobile(input)).toBe('+233241234567');
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
    ['a range not in use', '0111234567'],
    ['followed by other words', '024 123 4567 call me'],
    ['followed by SQL', '+233241234567; drop table up_users; --'],
    ['after a label', 'tel: 0241234567'],
  ])('refuses a number that is %s', (_why, input) => {
    expect(normaliseGhanaPhone(input)).toBeNull();
    expect(isGhanaPhone(input)).toBe(false);
  });

  it.each(['020', '023', '024', '026', '027', '028', '050', '053', '054', '055', '056', '057', '059'])(
    'knows %s… as a mobile prefix',
    (prefix) => {
      expect(normaliseGhanaMobile(`${prefix}1234567`)).toBe(`+233${prefix.slice(1)}1234567`);
    },
  );

  it('tells a landline and a foreign number from a mistyped one', () => {
    expect(readGhanaPhone('0302 123 456')).toEqual({ e164: '+233302123456', mobile: false });
    expect(normaliseGhanaPhone('0302 123 456')).toBe('+233302123456');
    expect(normaliseGhanaMobile('0302 123 456')).toBeNull();
    expect(readGhanaPhone('+44 7911 123456')).toEqual({ problem: 'foreign' });
    expect(readGhanaPhone('0044 7911 123456')).toEqual({ problem: 'foreign' });
    expect(readGhanaPhone('0244')).toEqual({ problem: 'invalid' });
    expect(readGhanaPhone(42)).toEqual({ problem: 'invalid' });
  });

  it('formats a number the way Ghanaians write it', () => {
    expect(formatGhanaPhone('+233241234567')).toBe('024 123 4567');
    expect(formatGhanaPhone('0501234567')).toBe('050 123 4567');
    expect(formatGhanaPhone('+233302123456')).toBe('030 212 3456');
  });

  it('returns text that is not a Ghana number unchanged', () => {
    expect(formatGhanaPhone('call me')).toBe('call me');
    expect(formatGhanaPhone('+44 7911 123456')).toBe('+44 7911 123456');
    expect(formatGhanaPhone('024412345')).toBe('024412345');
  });

  it('formats as the phone library does, without it, for every range of the numbering plan', () => {
    // Each two-digit start after the trunk zero, with varied digits after it.
    let compared = 0;
    for (let start = 20; start <= 99; start++) {
      for (const rest of ['1234567', '0000000', '9876543']) {
        const e164 = `+233${start}${rest}`;
        const number = parsePhoneNumberFromString(e164, 'GH', GHANA_PHONE_METADATA);
        if (!number?.isValid()) continue;
        expect(formatGhanaPhone(e164), e164).toBe(number.formatNational());
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('schemas normalise valid numbers and say what is wrong otherwise', () => {
    expect(parsed(ghanaPhoneSchema, '024 123 4567')).toBe('+233241234567');
    expect(parsed(ghanaPhoneSchema, '030 212 3456')).toBe('+233302123456');
    expect(messageAt(ghanaPhoneSchema, '12345', '')).toBe(MESSAGES.invalidPhone);
    expect(messageAt(ghanaMobileSchema, '030 212 3456', '')).toBe(MESSAGES.phoneNotMobile);
    expect(messageAt(ghanaMobileSchema, '+1 202 555 0143', '')).toBe(MESSAGES.phoneNotGhanaian);
    expect(parsed(optionalGhanaMobileSchema, '  ')).toBeNull();
    expect(parsed(optionalGhanaMobileSchema, undefined)).toBeUndefined();
    expect(messageAt(optionalGhanaMobileSchema, '030 212 3456', '')).toBe(MESSAGES.phoneNotMobile);
  });
});

describe("Ghana's numbering metadata", () => {
  it('is the installed libphonenumber-js metadata for Ghana (rerun `npm run phone-metadata` after an upgrade)', () => {
    const full = createRequire(import.meta.url)('libphonenumber-js/metadata.max.json');
    expect((GHANA_PHONE_METADATA as unknown as { countries: unknown }).countries).toEqual({
      GH: full.countries.GH,
    });
  });
});

describe('a number read by its shape (the browser, until the numbering plan has loaded)', () => {
  it.each([
    '0241234567',
    '+233 24 123 4567',
    '233241234567',
    '00233241234567',
    '241234567',
    '(024) 123-4567',
    '+233 (0)24 123 4567',
    '0302 123 456',
    '0551234567',
    '024123456',
    '+44 20 7946 0958',
    '02412a4567',
    '',
  ])('reads %j as the numbering plan does', (input) => {
    expect(readGhanaPhoneByShape(input)).toEqual(readGhanaPhone(input));
  });

  it('lets through what only the plan knows is unused: the cms reads it with the plan', () => {
    expect(readGhanaPhoneByShape('0111234567')).toEqual({ e164: '+233111234567', mobile: false });
    expect(readGhanaPhone('0111234567')).toEqual({ problem: 'invalid' });
  });

  it('is ready at once outside the browser', async () => {
    await expect(phoneCheckReady()).resolves.toBeUndefined();
  });
});
