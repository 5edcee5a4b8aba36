/** `page` and `pageSize` from a query string: whole numbers, clamped to 1..maxSize (bad values take the defaults). */
export function pageParams(query: Record<string, unknown>, defaultSize: number, maxSize = 100): { page: number; pageSize: number } {
  const int = (v: unknown) => Number.parseInt(String(v ?? ''), 10);
  const page = Math.max(1, int(query.page) || 1);
  const pageSize = Math.min(maxSize, Math.max(1, int(query.pageSize) || defaultSize));
  return { page, pageSize };
}

/** The longest `?search=` a staff list uses; the rest of a longer one is ignored. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * `search` from a query string: trimmed and cut to SEARCH_MAX_LENGTH characters, or undefined when it
 * is missing, blank or not a single value (`?search=a&search=b`).
 */
export function searchParam(query: Record<string, unknown>): string | undefined {
  const search = typeof query.search === 'string' ? query.search.trim().slice(0, SEARCH_MAX_LENGTH).trim() : '';
  return search || undefined;
}
