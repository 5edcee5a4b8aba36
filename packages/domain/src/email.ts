import { z } from 'zod';
import { MESSAGES } from './messages.js';

// Deliberately basic (something@something.something): the OTP e-mail is the real proof.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// RFC 5321 caps a forward path at 254 characters.
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v);
}

// Lower-cased so "Ama@Example.com" and "ama@example.com" are one account.
// Screens word a missing address differently, hence the parameter.
export function emailField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, { error: requiredMessage })
    .max(EMAIL_MAX_LENGTH, { error: MESSAGES.invalidEmail })
    .regex(EMAIL_PATTERN, { error: MESSAGES.invalidEmail });
}

export const emailSchema = emailField(MESSAGES.emailRequired);

// For optional addresses: blank means none (null). Some clients' public enquiry forms send the text
// "not provided" for an empty box, which means none as well.
export const optionalEmailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .transform((value, ctx) => {
    if (value === '' || /^not provided$/i.test(value)) return null;
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidEmail, input: value });
      return z.NEVER;
    }
    return parsed.data;
  })
  .nullable()
  .optional();
