// Shapes shared by many answers of the cms API.
import { z } from 'zod';

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.output<typeof messageResponseSchema>;

// POST /otp: `emailDelayed` is true while e-mail waits for the mail server (the code is sent on its return).
export const codeRequestResponseSchema = messageResponseSchema.extend({
  emailDelayed: z.boolean().optional(),
});

// Every non-2xx answer: `message` is what the screens show; `errors` lists each invalid field (400 only).
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.output<typeof errorResponseSchema>;

// Server-side paging: one page of items with the totals, for lists too long to send whole (the
// other lists are plain arrays).
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  });
}
export interface Paginated<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}
