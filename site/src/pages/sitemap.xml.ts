import type { APIRoute } from 'astro';
import { MAX_PAGE_SIZE } from '@fie/domain';
import { listProperties } from '../lib/cms-client';
import { indexablePaths } from '../lib/site-map';
import { siteOrigin } from '../lib/site-url';
import { LANGUAGES, localePath } from '../i18n';

// The newest listings are what search engines most need; older ones stay reachable through the
// listing pages' links. One file holds at most this many, each in every language (the protocol
// allows 50,000 addresses).
const MAX_PROPERTIES = 2000;

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export const GET: APIRoute = async ({ url }) => {
  const origin = siteOrigin(url);
  const paths: Array<{ path: string; lastmod?: string }> = indexablePaths().map((path) => ({ path }));
  try {
    const first = await listProperties({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'newest' });
    const pages = Math.min(Math.ceil(first.total / MAX_PAGE_SIZE), Math.ceil(MAX_PROPERTIES / MAX_PAGE_SIZE));
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
        listProperties({ page: i + 2, pageSize: MAX_PAGE_SIZE, sort: 'newest' }),
      ),
    );
    for (const p of [first, ...rest].flatMap((r) => r.items)) {
      paths.push({
        path: `/property/${p._id}`,
        lastmod: (p.updatedAt ?? p.createdAt ?? undefined)?.slice(0, 10),
      });
    }
  } catch (error) {
    console.error('sitemap.xml: failed to list properties', error);
    return new Response('The sitemap is unavailable right now.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
    });
  }
  // Every page in every language: English first, then French and Spanish.
  const entries = LANGUAGES.flatMap((language) =>
    paths.map(({ path, lastmod }) => ({ loc: `${origin}${localePath(language, path)}`, lastmod })),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=30',
    },
  });
};
