/** The public site's address (SITE_URL), without a trailing slash: links in e-mails, redirects. */
export function siteUrl(): string {
  return (process.env.SITE_URL || 'http://127.0.0.1:4321').replace(/\/+$/, '');
}
