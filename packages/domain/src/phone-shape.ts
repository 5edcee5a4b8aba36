import type { PhoneProblem } from './phone-reader.js';

/**
 * A Ghanaian number read by its shape alone: nine digits (after 0 or +233, or alone), a mobile when they start with
 * 2 or 5 (landlines start with 3). The browser reads numbers this way only until the numbering plan
 * (phone-reader.ts, some 10 KB) has loaded, which starts at the first focus or tap on the page, and
 * forms wait for it before they check; the cms always reads with the plan.
 */
export function readGhanaPhoneByShape(
  input: unknown,
): { e164: string; mobile: boolean } | { problem: PhoneProblem } {
  const compact = typeof input === 'string' ? input.trim().replace(/[\s\-.()]/g, '') : '';
  if (/^(\+|00)\d/.test(compact) && !/^(\+|00)233/.test(compact)) return { problem: 'foreign' };
  const m = /^(?:(?:\+|00)?233(?:0)?(\d{9})|0(\d{9})|([1-9]\d{8}))$/.exec(compact);
  const digits = m?.[1] ?? m?.[2] ?? m?.[3];
  if (!digits) return { problem: 'invalid' };
  return { e164: `+233${digits}`, mobile: /^[25]/.test(digits) };
}
