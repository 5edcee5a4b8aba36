import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { readGhanaPhone, type PhoneProblem } from './phone-reader.js';

export { formatGhanaPhone } from './phone-format.js';
export { readGhanaPhone, phoneCheckReady, type PhoneProblem } from './phone-reader.js';
export { readGhanaPhoneByShape } from './phone-shape.js';

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
