import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  // Public URL of the cms (absolute upload URLs, OAuth callbacks). Empty means relative URLs.
  url: env('PUBLIC_URL', ''),
  // Behind the site (its /api proxy) the visitor's address and scheme arrive in X-Forwarded-*.
  // Strapi reads `proxy.koa`; exactly one hop is trusted, so a client cannot prepend a forged
  // X-Forwarded-For entry: the address the proxy wrote last is the one counted (the site sets it).
  proxy: { koa: env.bool('IS_PROXIED', false), maxIpsCount: 1 },
  // Uploads land in <public>/uploads; tests point this at a throwaway folder.
  dirs: {
    public: env('PUBLIC_DIR', './public'),
  },
  app: {
    keys: env.array('APP_KEYS'),
  },
  logger: {
    updates: { enabled: false },
    startup: { enabled: env.bool('LOG_STARTUP', true) },
  },
  // Daily housekeeping (expired codes and throttle windows); see src/index.ts.
  cron: { enabled: env.bool('CRON_ENABLED', true) },
  webhooks: {
    populateRelations: env.bool('WEBHOOKS_POPULATE_RELATIONS', false),
  },
});
