// Strapi's Preview ("Open preview" in the content manager) for the marketing pages, and the one way a
// draft leaves the cms: to the site's signed /preview route, and from there back here with a signed,
// short-lived draft-read header. The public never holds either signature, so it only ever reads
// published content (public-content-router.ts).
//
// Both signatures are HMAC-SHA256 with PREVIEW_SECRET, which the cms and the site share. The site
// checks the same payloads in site/server/preview.mjs and site/src/lib/preview.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Core, UID } from '@strapi/strapi';

/** How long a preview link from the panel works (the panel fetches a fresh one each time it opens). */
export const PREVIEW_LINK_SECONDS = 30 * 60;
/** The longest life the cms accepts for a draft-read header (the site signs each one for a minute). */
export const DRAFT_READ_MAX_SECONDS = 5 * 60;
/** The request header the site sends with its draft reads: `<expires>.<signature>`. */
export const DRAFT_READ_HEADER = 'x-fie-draft-read';

export type PreviewStatus = 'draft' | 'published';

const hmac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload, 'utf8').digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The secret, or '' when preview is not set up (then the panel offers no preview and drafts stay in). */
export function previewSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env.PREVIEW_SECRET?.trim() ?? '';
}

/** What a preview link signs: the page, the version and the moment it stops working. */
export const previewLinkPayload = (path: string, status: PreviewStatus, expires: number) =>
  `preview\n${path}\n${status}\n${expires}`;

/** `${siteUrl}/preview?path=…&status=…&expires=…&sig=…`, working for PREVIEW_LINK_SECONDS from `now`. */
export function signPreviewLink(options: {
  siteUrl: string;
  path: string;
  status: PreviewStatus;
  secret: string;
  now?: number;
}): string {
  const { siteUrl, path, status, secret, now = Date.now() } = options;
  const expires = Math.floor(now / 1000) + PREVIEW_LINK_SECONDS;
  const url = new URL('/preview', siteUrl);
  url.searchParams.set('path', path);
  url.searchParams.set('status', status);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('sig', hmac(secret, previewLinkPayload(path, status, expires)));
  return url.toString();
}

/** What a draft-read header signs. */
export const draftReadPayload = (expires: number) => `draft-read\n${expires}`;

/** A draft-read header value (the site makes these; here for the tests). */
export function signDraftRead(secret: string, now = Date.now(), seconds = 60): string {
  const expires = Math.floor(now / 1000) + seconds;
  return `${expires}.${hmac(secret, draftReadPayload(expires))}`;
}

/** True only for a draft-read header signed with this cms's PREVIEW_SECRET that has not expired. */
export function draftReadAllowed(header: unknown, secret: string, now = Date.now()): boolean {
  if (!secret || typeof header !== 'string') return false;
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(header.trim());
  if (!m) return false;
  const expires = Number(m[1]);
  const nowSeconds = Math.floor(now / 1000);
  if (expires < nowSeconds || expires > nowSeconds + DRAFT_READ_MAX_SECONDS) return false;
  return sameText(m[2], hmac(secret, draftReadPayload(expires)));
}

type PreviewParams = { documentId?: string; locale?: string | null; status?: string };

/** The site's page an entry shows on, or null for entries that have none (no preview then). */
export async function sitePathFor(
  strapi: Core.Strapi,
  uid: string,
  params: PreviewParams,
): Promise<string | null> {
  switch (uid) {
    case 'api::home-page.home-page':
    case 'api::site-setting.site-setting':
      // The settings (brand, contacts, footer) show on every page; the home page shows most of them.
      return '/';
    case 'api::about-page.about-page':
      return '/about-us';
    case 'api::legal-page.legal-page': {
      const slug = await slugOf(strapi, uid, params);
      return slug === 'terms' || slug === 'privacy' ? `/${slug}` : null;
    }
    case 'api::city.city': {
      // Cities have no drafts: the preview is the city's public page.
      const slug = await slugOf(strapi, uid, params);
      return slug && /^[a-z0-9-]+$/.test(slug) ? `/locations/${slug}` : null;
    }
    default:
      return null;
  }
}

async function slugOf(
  strapi: Core.Strapi,
  uid: 'api::legal-page.legal-page' | 'api::city.city',
  params: PreviewParams,
): Promise<string | null> {
  if (!params.documentId) return null;
  const status = params.status === 'published' ? 'published' : 'draft';
  const entry = await strapi.documents(uid).findOne({
    documentId: params.documentId,
    status,
    fields: ['slug'],
    // Legal pages and cities have a version per language, with the same slug.
    ...(params.locale ? { locale: params.locale } : {}),
  });
  return typeof entry?.slug === 'string' ? entry.slug : null;
}

/** The site's address of `path` in the entry's locale: English at `/…`, French at `/fr/…`, Spanish at `/es/…`. */
export function languagePath(path: string, locale: string | null | undefined): string {
  return locale === 'fr' || locale === 'es' ? `/${locale}${path === '/' ? '/' : path}` : path;
}

/** The `preview` block of config/admin.ts: enabled when PREVIEW_SECRET is set. */
export function previewConfig(env: { (name: string, fallback?: string): string | undefined }) {
  const secret = previewSecret({ PREVIEW_SECRET: env('PREVIEW_SECRET', '') } as NodeJS.ProcessEnv);
  const siteUrl = env('SITE_URL') || 'http://127.0.0.1:4321';
  return {
    enabled: secret !== '',
    config: {
      // The panel frames the site: Strapi adds this origin to its own frame-src.
      allowedOrigins: [new URL(siteUrl).origin],
      async handler(uid: string, params: PreviewParams): Promise<string | null> {
        const strapi = (globalThis as unknown as { strapi: Core.Strapi }).strapi;
        const page = await sitePathFor(strapi, uid, params);
        if (!page) return null;
        // A French or Spanish version is previewed on its page in that language (/fr/…, /es/…).
        const path = languagePath(page, params.locale);
        // A content type without drafts (cities) is always shown as published.
        const hasDrafts = Boolean(strapi.getModel(uid as UID.Schema)?.options?.draftAndPublish);
        const status: PreviewStatus = hasDrafts && params.status !== 'published' ? 'draft' : 'published';
        return signPreviewLink({ siteUrl, path, status, secret });
      },
    },
  };
}
