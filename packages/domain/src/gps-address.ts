import { z } from 'zod';
import { MESSAGES } from './messages.js';

// Ghana Post GPS: two letters (region + district), a 1–4 digit block and a 4 digit block.
const WITH_SEPARATOR = /^([A-Z]{2})[\s-]*(\d{1,4})[\s-]+(\d{4})$/;
// Without a separator between the digit blocks the split is still unambiguous,
// because the last block is always exactly four digits.
const RUN_TOGETHER = /^([A-Z]{2})[\s-]*(\d{5,8})$/;

export function normaliseGpsAddress(input: string): string | null {
  if (typeof input !== 'string') return null;
  const value = input.trim().toUpperCase();
  const separated = WITH_SEPARATOR.exec(value);
  if (separated) return `${separated[1]}-${separated[2]}-${separated[3]}`;
  const together = RUN_TOGETHER.exec(value);
  if (together) {
    const digits = together[2] ?? '';
    return `${together[1]}-${digits.slice(0, -4)}-${digits.slice(-4)}`;
  }
  return null;
}

export function isGpsAddress(input: string): boolean {
  return normaliseGpsAddress(input) !== null;
}

// The address is optional everywhere: absent stays absent (an update leaves it alone),
// blank or null means "no address" (null), anything else must be a valid address.
export const gpsAddressSchema = z
  .string({ error: MESSAGES.invalidGpsAddress })
  .trim()
  .refine((v) => v === '' || isGpsAddress(v), { error: MESSAGES.invalidGpsAddress })
  .transform((v) => (v === '' ? null : normaliseGpsAddress(v)))
  .nullable()
  .optional();
