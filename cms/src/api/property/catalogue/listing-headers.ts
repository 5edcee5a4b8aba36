/** What the listing's page says about itself, beside its JSON. */
export interface ListingPageFacts {
  total: number;
  bounded: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
  strategy: string;
}

/**
 * The listing's paging headers (and, outside production, the plan that found the page), the same
 * whether Koa answers or the HTTP server does ahead of it (http/listing-before-koa.ts).
 */
export function listingHeaders(
  q: { page: number; pageSize: number },
  page: ListingPageFacts,
): Record<string, string> {
  return {
    'X-Total-Count': String(page.total),
    // gte: there are more matches than X-Total-Count (the public listing counts up to its bound).
    'X-Total-Count-Relation': page.bounded ? 'gte' : 'eq',
    'X-Page': String(q.page),
    'X-Page-Size': String(q.pageSize),
    'X-Has-Next': String(page.hasNext),
    'X-Has-Previous': String(page.hasPrevious),
    // How the page was found (cached, none, bandWalk, indexWalk, matchesFirst, offset), for tests and
    // tuning; production keeps its plans to itself.
    ...(process.env.NODE_ENV !== 'production' ? { 'X-Listing-Plan': page.strategy } : {}),
    'Access-Control-Expose-Headers':
      'X-Total-Count, X-Total-Count-Relation, X-Page, X-Page-Size, X-Has-Next, X-Has-Previous',
  };
}
