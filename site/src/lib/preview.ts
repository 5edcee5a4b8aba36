// Preview renders (server/preview.mjs checks the signed link): the page is rendered with the cms's
// drafts. The status lives for one render in an AsyncLocalStorage scope that src/middleware.ts opens
// from the render's `locals`, which only the site's server sets (a visitor's headers or query cannot).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';

export type PreviewStatus = 'draft' | 'published';

/** The cms's header for a draft read: `<expires>.<HMAC-SHA256(PREVIEW_SECRET, "draft-read\n<expires>")>`. */
export const DRAFT_READ_HEADER = 'x-fie-draft-read';
/** Each draft-read header works for a minute (the cms accepts at most five). */
const DRAFT_READ_SECONDS = 60;

const scope = new AsyncLocalStorage<PreviewStatus>();

/** Runs `render` as a preview render of `status`. */
export function withPreview<T>(status: PreviewStatus, render: () => T): T {
  return scope.run(status, render);
}

/** The preview status of the render under way, or null for an ordinary (public) render. */
export function previewStatus(): PreviewStatus | null {
  return scope.getStore() ?? null;
}

export function signDraftRead(secret: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DRAFT_READ_SECONDS;
  return `${expires}.${createHmac('sha256', secret).update(`draft-read\n${expires}`, 'utf8').digest('base64url')}`;
}

/**
 * How to ask the cms for marketing content in this render: nothing extra for the public; in a draft
 * preview, `status=draft` and a signed draft-read header.
 */
export function draftRead(
  secret = process.env.PREVIEW_SECRET?.trim() ?? '',
): { query: string; headers: Record<string, string> } | null {
  if (previewStatus() !== 'draft' || !secret) return null;
  return { query: 'status=draft', headers: { [DRAFT_READ_HEADER]: signDraftRead(secret) } };
}
