/** `page` and `pageSize` from a query string: whole numbers, clamped to 1..maxSize (bad values take the defaults). */
export function pageParams(query: Record<string, unknown>, defaultSize: number, maxSize = 100): { page: number; pageSize: number } {
  const int = (v: unknown) => Number.parseInt(String(v ?? ''), 10);
  const page = Math.max(1, int(query.page) || 1);
  const pageSize = Math.min(maxSize, Math.max(1, int(query.pageSize) || defaultSize));
  return { page, pageSize };
}
