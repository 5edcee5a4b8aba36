// Showing a number needs no numbering plan: every Ghanaian number has nine digits after +233 and is
// written "0XX XXX XXXX" at home, mobiles and landlines alike. Kept apart from phone.ts so that a page
// which only shows numbers does not carry the phone library.

/** A Ghanaian number as people write it at home ("024 412 3456"); anything else unchanged. */
export function formatGhanaPhone(input: string): string {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const m = /^(?:(?:\+|00)233(?:0)?|0)(\d{9})$/.exec(compact);
  if (!m) return input;
  const d = m[1] ?? '';
  return `0${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)}`;
}
