// Building blocks for the request schemas, so every form field reports the same kind of message.
import { z } from 'zod';
import { isValidDateString } from '../calendar.js';
import { MESSAGES } from '../messages.js';
import { fill } from '../i18n.js';

/** "{field} must be at most {max} characters" (or without a field word), as a catalogue key with values. */
export const tooLong = (max: number, field?: string) =>
  field ? fill(MESSAGES.tooLong, { field, max }) : fill(MESSAGES.tooLongUnnamed, { max });

/** "{field} must be one of: …" with the API's own values. */
const mustBeOneOf = (field: string, values: readonly string[]) =>
  fill(MESSAGES.mustBeOneOf, { field, choices: listChoices(values) });

export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(max) });
}

// Optional free text: absent stays absent (updates leave it alone); blank or null clears it (null).
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong(max) })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

function listChoices(values: readonly string[]): string {
  return values.join(', ');
}

// Missing or blank selects get `requiredMessage`; a value outside the list names the allowed ones.
export function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  label: string,
  requiredMessage?: string,
) {
  return z.enum(values, {
    error: (issue) =>
      (issue.input === undefined || issue.input === null || issue.input === '') && requiredMessage
        ? requiredMessage
        : mustBeOneOf(label, values),
  });
}

// An optional select: blank or null means "none chosen" (null), absent stays absent.
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  const message = mustBeOneOf(label, values);
  return z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || (values as readonly string[]).includes(v), { error: message })
    .transform((v) => (v === '' ? null : (v as T[number])))
    .nullable()
    .optional();
}

// Document ids (Strapi documentId) travel as opaque strings.
export function documentId(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(64, { error: message });
}

export function dateText(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .refine(isValidDateString, { error: MESSAGES.invalidDate });
}

// Query strings and HTML forms send '' for "not chosen".
export function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}
