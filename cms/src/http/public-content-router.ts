import { factories, type UID } from '@strapi/strapi';
import type { Context } from '../shared/context';
import { DRAFT_READ_HEADER, draftReadAllowed, previewSecret } from './site-preview';

type ReadAction = 'find' | 'findOne';

/**
 * Strapi's stock find/findOne answer a draft to anyone who asks for one (`?status=draft`), so copy a
 * marketer saved but never published would be readable through the API and the site's proxy. The
 * public reads only what was published, whatever the query says. The one exception is the site's
 * preview render, which asks for `status=draft` with a draft-read header signed with PREVIEW_SECRET
 * (site-preview.ts); its answer is never cached (`Cache-Control: no-store, private`).
 */
export async function publishedOnly(ctx: Context, next: () => Promise<void>): Promise<void> {
  // The query object is the parsed, cached query string the controller reads next: changed in place
  // rather than re-serialised, so nothing else in it is re-encoded.
  const query = ctx.query as Record<string, unknown>;
  const wantsDraft =
    query.status === 'draft' && draftReadAllowed(ctx.get(DRAFT_READ_HEADER), previewSecret());
  for (const name of ['status', 'publicationState', 'hasPublishedVersion']) delete query[name];
  query.status = wantsDraft ? 'draft' : 'published';
  if (wantsDraft) {
    await next();
    ctx.set('Cache-Control', 'no-store, private');
    return;
  }
  await next();
}

/** The read-only public router of a marketing content type: only `only`, and only published entries. */
export function publicContentRouter(uid: UID.ContentType, only: ReadAction[]) {
  const config = Object.fromEntries(only.map((action) => [action, { middlewares: [publishedOnly] }]));
  return factories.createCoreRouter(uid, { only, config });
}
