import { MAX_PAGE } from '@fie/domain';

/**
 * `page` and `pageSize` from a query string: whole numbers, page clamped to 1..MAX_PAGE and pageSize
 * to 1..maxSize (bad values take the defaults). A page past the end is simply empty; a page number of
 * twenty digits is no longer an offset the database refuses with an error.
 */
export function pageParams(
  query: Record<string, unknown>,
  defaultSize: number,
  maxSize = 100,
): { page: number; pageSize: number } {
  const int = (v: unknown) => Number.parseInt(String(v ?? ''), 10);
  const page = Math.min(MAX_PAGE, Math.max(1, int(query.page) || 1));
  const pageSize = Math.min(maxSize, Math.max(1, int(query.pageSize) || defaultSize));
  return { page, pageSize };
}

/** The longest `?search=` a staff list uses; the rest of a longer one is ignored. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * `search` from a query string: control characters made spaces (PostgreSQL refuses a NUL in text, which
 * would answer 500), trimmed and cut to SEARCH_MAX_LENGTH characters, or undefined when it is missing,
 * blank or not a single value (`?search=a&search=b`).
 */
export function searchParam(query: Record<string, unknown>): string | undefined {
  const search =
    typeof query.search === 'string'
      ? query.search
          // eslint-disable-next-line no-control-regex -- the control characters are what is removed
          .replace(/[\u0000-\u001f\u007f]/g, ' ')
          .trim()
          .slice(0, SEARCH_MAX_LENGTH)
          .trim()
      : '';
  return search || undefined;
}
