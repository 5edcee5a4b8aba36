import type { z } from 'zod';

export interface Problem {
  path: string;
  message: string;
}

export function problems(schema: z.ZodType, input: unknown): Problem[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

// The message reported for one field, or undefined when that field passed.
export function messageAt(schema: z.ZodType, input: unknown, path: string): string | undefined {
  return problems(schema, input).find((p) => p.path === path)?.message;
}

export function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Error(`expected success, got ${JSON.stringify(result.error.issues.map((i) => i.message))}`);
  }
  return result.data;
}
