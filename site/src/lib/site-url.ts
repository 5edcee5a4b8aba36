/** The site's public address for canonical links, sitemaps and sharing (SITE_URL), else the request's. */
export function siteOrigin(requestUrl: URL): string {
  const configured = process.env.SITE_URL?.trim();
  return (configured || requestUrl.origin).replace(/\/+$/, '');
}
