/**
 * The site's public address for canonical links, sitemaps and sharing: SITE_URL. Without it, the
 * address the request came to (Astro reports http://localhost unless the host is an allowed domain).
 */
export function siteOrigin(requestUrl: URL): string {
  const configured = process.env.SITE_URL?.trim();
  return (configured || requestUrl.origin).replace(/\/+$/, '');
}
