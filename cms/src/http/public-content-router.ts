import { factories } from '@strapi/strapi';

type ReadAction = 'find' | 'findOne';

/**
 * Strapi's stock find/findOne answer a draft to anyone who asks for one (`?status=draft`), so copy a
 * marketer saved but never published would be readable through the API and the site's proxy. The
 * public reads only what was published, whatever the query says.
 */
export async function publishedOnly(ctx: any, next: () => Promise<void>): Promise<void> {
  // The query object is the parsed, cached query string the controller reads next: changed in place
  // rather than re-serialised, so nothing else in it is re-encoded.
  const query = ctx.query as Record<string, unknown>;
  for (const name of ['status', 'publicationState', 'hasPublishedVersion']) delete query[name];
  query.status = 'published';
  await next();
}

/** The read-only public router of a marketing content type: only `only`, and only published entries. */
export function publicContentRouter(uid: string, only: ReadAction[]) {
  const config = Object.fromEntries(only.map((action) => [action, { middlewares: [publishedOnly] }]));
  return factories.createCoreRouter(uid as any, { only, config } as any);
}
