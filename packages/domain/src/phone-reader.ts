import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/core';
import { GHANA_PHONE_METADATA } from './phone-metadata.js';

// Numbers are read by libphonenumber-js against Ghana's part of its metadata (phone-metadata.ts,
// generated): it knows which ranges are mobile and which are landlines as the numbering plan changes,
// which a hand-written pattern did not.

/** Why a number was refused, for the message the person sees. */
export type PhoneProblem = 'invalid' | 'foreign' | 'landline';

// "+233 (0)24 …" keeps the trunk zero after the country code; people also write 00233 for +233.
function tidy(input: string): string {
  return input
    .trim()
    .replace(/^00/, '+')
    .replace(/^(\+?233)[\s\-.]*\(?0\)?/, '$1');
}

function parse(input: unknown): PhoneNumber | undefined {
  if (typeof input !== 'string' || input.length > 40) return undefined;
  // The whole input must be the number (extract: false): by default the library finds a number inside
  // any text, so "024 412 3456; anything" would pass as one.
  return parsePhoneNumberFromString(
    tidy(input),
    { defaultCountry: 'GH', extract: false },
    GHANA_PHONE_METADATA,
  );
}

/** Reads `input` as a Ghanaian number: E.164 and whether it is a mobile, or why it cannot be one. */
export function readGhanaPhone(
  input: unknown,
): { e164: string; mobile: boolean } | { problem: PhoneProblem } {
  const compact = typeof input === 'string' ? input.replace(/[\s\-.()]/g, '') : '';
  // A number given with another country's code: the metadata holds Ghana only, so say so plainly.
  if (/^(\+|00)\d/.test(compact) && !/^(\+|00)233/.test(compact)) return { problem: 'foreign' };
  const number = parse(input);
  if (!number || number.country !== 'GH' || !number.isValid()) return { problem: 'invalid' };
  const type = number.getType();
  return { e164: number.number, mobile: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' };
}

/**
 * Resolves once `readGhanaPhone` reads with the numbering plan: at once here. In the browser the plan
 * is loaded on first use rather than with the page (the site's build swaps this module), and forms
 * wait for it before they check a number.
 */
export function phoneCheckReady(): Promise<void> {
  return Promise.resolve();
}
