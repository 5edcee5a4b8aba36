import type { APIRoute } from 'astro';
import { siteOrigin } from '../lib/site-url';
import { LANGUAGES, localePath } from '../i18n';

// Account and staff screens are private to each visitor, in every language; everything else may be
// crawled.
const PRIVATE = [
  '/api/',
  '/dashboard',
  '/profile',
  '/settings',
  '/admin',
  '/super-admin-dashboard',
  '/verify-otp',
  '/verify-reset-otp',
  '/reset-password',
  '/forgot-password',
];

export const GET: APIRoute = ({ url }) =>
  new Response(
    `User-agent: *\n${[...new Set(PRIVATE.flatMap((p) => LANGUAGES.map((l) => localePath(l, p))))]
      .map((p) => `Disallow: ${p}`)
      .join('\n')}\nAllow: /\n\nSitemap: ${siteOrigin(url)}/sitemap.xml\n`,
    {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'public, max-age=0, s-maxage=30',
      },
    },
  );
