import type { z } from 'zod';
import { MESSAGES } from './messages.js';

export interface FieldError {
  path: string;
  message: string;
}

export interface FormattedZodError {
  message: string;
  errors: FieldError[];
}

// The shape of every 400 answer: the first problem as `message` (what the screens show)
// and all problems by field path for forms that mark each field.
export function formatZodError(error: z.ZodError): FormattedZodError {
  const errors = error.issues.map((issue) => ({
    path: issue.path.map((part) => String(part)).join('.'),
    message: issue.message,
  }));
  return { message: errors[0]?.message ?? MESSAGES.invalidRequest, errors };
}
