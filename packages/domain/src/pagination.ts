import { LISTING_COUNT_BOUND, PAGINATION_WINDOW } from './constants.js';

export function totalPages(totalItems: number, pageSize: number): number {
  if (totalItems <= 0 || pageSize <= 0) return 0;
  return Math.ceil(totalItems / pageSize);
}

// The page numbers to show: up to `size` of them, centred on the current page where possible.
export function pageWindow(current: number, pages: number, size: number = PAGINATION_WINDOW): number[] {
  if (pages < 1 || size < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), pages);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(pages, start + size - 1);
  start = Math.max(1, end - size + 1);
  const window: number[] = [];
  for (let p = start; p <= end; p += 1) window.push(p);
  return window;
}

// For "Showing X-Y of N": 1-based, inclusive; {from: 0, to: 0} when there is nothing to show.
export function showingRange(
  page: number,
  pageSize: number,
  totalItems: number,
): { from: number; to: number } {
  if (totalItems <= 0 || pageSize <= 0 || page < 1) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  if (from > totalItems) return { from: 0, to: 0 };
  return { from, to: Math.min(totalItems, page * pageSize) };
}

/** A listing's total as shown: "1,234", or "10,000+" when the count stopped at its bound. */
export function formatTotal(total: number, bounded: boolean): string {
  return `${total.toLocaleString('en-US')}${bounded ? '+' : ''}`;
}

/**
 * Whether a page of the public listing lies past its count's bound and is asked for by number (no
 * cursor): such pages are reached with Next, not read by offset. The cms refuses them; the site
 * says so without asking.
 */
export function pastCountBound(
  q: { page: number; pageSize: number; after?: string; before?: string },
  bound: number = LISTING_COUNT_BOUND,
): boolean {
  return q.after === undefined && q.before === undefined && (q.page - 1) * q.pageSize >= bound;
}

/** What a page past the count's bound answers. */
export const pastCountBoundMessage = (bound: number = LISTING_COUNT_BOUND): string =>
  `Pages past the first ${formatTotal(bound, false)} matches are reached with Next`;
