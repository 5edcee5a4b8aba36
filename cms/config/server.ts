import type { Core } from '@strapi/strapi';
import cronTasks from './cron-tasks';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  // Public URL of the cms (absolute upload URLs, OAuth callbacks). Empty means relative URLs.
  url: env('PUBLIC_URL', ''),
  // Behind the site (its /api proxy) the visitor's address and scheme arrive in X-Forwarded-*.
  // Koa reads them from every request, so the first middleware (global::trusted-proxies) drops them
  // unless the peer is in TRUSTED_PROXIES (default: this machine). Exactly one hop is trusted, so
  // the address the proxy wrote last is the one counted, never one a client prepended.
  proxy: { koa: true, maxIpsCount: 1 },
  // An idle kept-alive connection stays open 65 s (Node's default is 5 s). The site's /api proxy,
  // and any load balancer in front (most keep 60 s), must be the side that closes it: a call the
  // proxy sends just as the cms drops the connection fails with ECONNRESET, which the site answers
  // as a 503. On a loaded machine the proxy's own 4 s timer can run late; 65 s leaves room for it.
  http: { serverOptions: { keepAliveTimeout: 65_000 } },
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
  // Daily housekeeping: expired codes (the accounts plugin), ended throttle windows and old e-mails
  // (the platform plugin); see each plugin's bootstrap.ts.
  // Alerts and reminders: config/cron-tasks.ts.
  cron: { enabled: env.bool('CRON_ENABLED', true), tasks: cronTasks },
  webhooks: {
    populateRelations: env.bool('WEBHOOKS_POPULATE_RELATIONS', false),
  },
});
