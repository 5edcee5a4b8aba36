import { z } from 'zod';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from './constants.js';
import { MESSAGES } from './messages.js';

export interface PasswordChecks {
  length: boolean;
  uppercase: boolean;
  lowercase: boolean;
  digit: boolean;
}

// Drives the live checklist on the register and reset screens, so each rule is reported separately.
export function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    digit: /\d/.test(password),
  };
}

// Bytes, not characters: "é" is two bytes to bcrypt.
export function fitsPasswordHash(password: string): boolean {
  return new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES;
}

export function isStrongPassword(password: string): boolean {
  if (!fitsPasswordHash(password)) return false;
  const checks = passwordChecks(password);
  return checks.length && checks.uppercase && checks.lowercase && checks.digit;
}

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .refine(fitsPasswordHash, { error: MESSAGES.passwordTooLong })
  .regex(/[A-Z]/, { error: MESSAGES.passwordUppercase })
  .regex(/[a-z]/, { error: MESSAGES.passwordLowercase })
  .regex(/\d/, { error: MESSAGES.passwordDigit });
