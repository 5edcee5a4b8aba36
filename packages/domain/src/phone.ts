import { z } from 'zod';
import { MESSAGES } from './messages.js';

// People write Ghana numbers with spaces, dashes, dots or brackets ("(024) 123-4567").
const SEPARATORS = /[\s\-.()]/g;

// Accepted after separators are removed: +233XXXXXXXXX, 0XXXXXXXXX, 233XXXXXXXXX (plus sign forgotten)
// and +2330XXXXXXXXX (the "+233 (0)24 ..." habit of keeping the trunk zero).
const FORMS = [/^\+233(\d{9})$/, /^0(\d{9})$/, /^233(\d{9})$/, /^\+2330(\d{9})$/];

export function normaliseGhanaPhone(input: string): string | null {
  if (typeof input !== 'string') return null;
  const compact = input.replace(SEPARATORS, '');
  for (const form of FORMS) {
    const match = form.exec(compact);
    if (match) return `+233${match[1]}`;
  }
  return null;
}

export function isGhanaPhone(input: string): boolean {
  return normaliseGhanaPhone(input) !== null;
}

// '+233241234567' → '+233 24 123 4567'; anything not a Ghana number is returned as given.
export function formatGhanaPhone(input: string): string {
  const normalised = normaliseGhanaPhone(input);
  if (!normalised) return input;
  const n = normalised.slice(4);
  return `+233 ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`;
}

export const ghanaPhoneSchema = z
  .string({ error: MESSAGES.invalidPhone })
  .trim()
  .refine(isGhanaPhone, { error: MESSAGES.invalidPhone })
  .transform((value) => normaliseGhanaPhone(value) ?? value);

// For optional numbers: absent stays absent, blank or null means none (null).
export const optionalGhanaPhoneSchema = z
  .string({ error: MESSAGES.invalidPhone })
  .trim()
  .refine((value) => value === '' || isGhanaPhone(value), { error: MESSAGES.invalidPhone })
  .transform((value) => (value === '' ? null : (normaliseGhanaPhone(value) ?? value)))
  .nullable()
  .optional();
