import { z } from 'zod';
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/core';
import { MESSAGES } from './messages.js';
import { GHANA_PHONE_METADATA } from './phone-metadata.js';

export { formatGhanaPhone } from './phone-format.js';

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
  return parsePhoneNumberFromString(tidy(input), 'GH', GHANA_PHONE_METADATA);
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

/** Any valid Ghanaian number (mobile or landline) in E.164 (+233…), or null. */
export function normaliseGhanaPhone(input: string): string | null {
  const read = readGhanaPhone(input);
  return 'e164' in read ? read.e164 : null;
}

/** A Ghanaian mobile number in E.164, or null (landlines and other countries included). */
export function normaliseGhanaMobile(input: string): string | null {
  const read = readGhanaPhone(input);
  return 'e164' in read && read.mobile ? read.e164 : null;
}

export function isGhanaPhone(input: string): boolean {
  return normaliseGhanaPhone(input) !== null;
}

const PHONE_MESSAGES: Record<PhoneProblem, string> = {
  invalid: MESSAGES.invalidPhone,
  foreign: MESSAGES.phoneNotGhanaian,
  landline: MESSAGES.phoneNotMobile,
};

/** A schema for a number, with the message that fits what is wrong with it. */
function phoneField(mobileOnly: boolean) {
  return z
    .string({ error: MESSAGES.invalidPhone })
    .trim()
    .transform((value, ctx) => {
      const read = readGhanaPhone(value);
      const problem = 'problem' in read ? read.problem : mobileOnly && !read.mobile ? 'landline' : null;
      if (problem || !('e164' in read)) {
        ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES[problem ?? 'invalid'] });
        return z.NEVER;
      }
      return read.e164;
    });
}

/** Any Ghanaian number (an enquiry's contact may be an office landline), as E.164. */
export const ghanaPhoneSchema = phoneField(false);

/** A Ghanaian mobile number (it must take texts), as E.164. */
export const ghanaMobileSchema = phoneField(true);

// For optional numbers: absent stays absent, blank or null means none (null).
const optional = (schema: ReturnType<typeof phoneField>) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      schema.nullable(),
    )
    .optional();

export const optionalGhanaPhoneSchema = optional(ghanaPhoneSchema);
export const optionalGhanaMobileSchema = optional(ghanaMobileSchema);
