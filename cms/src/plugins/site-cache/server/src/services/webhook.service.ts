import type { Core } from '@strapi/strapi';
import { purgeToken, siteCachePurgeUrl } from './purge-address';

// The site caches whole pages; this Strapi webhook tells it to drop them when content changes, so a
// published edit or an approved listing shows at once. It is a normal webhook (Settings → Webhooks
// in the admin panel shows it), kept in step with the environment on every start.
export const SITE_CACHE_WEBHOOK_NAME = 'Site cache purge';

const EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.create',
  'media.update',
  'media.delete',
];

/**
 * Brings the stored webhook in line with the environment. During the plugins' bootstrap pass
 * `beforeWebhooksStart`: Strapi starts every stored webhook right after that bootstrap, and
 * starting it here as well would send each event to the site twice.
 */
export async function ensureSiteCacheWebhook(
  strapi: Core.Strapi,
  { beforeWebhooksStart = false } = {},
): Promise<void> {
  const store = strapi.get('webhookStore');
  const runner = beforeWebhooksStart ? null : strapi.get('webhookRunner');
  const token = purgeToken();
  const existing = (await store.findWebhooks()).find(
    (w: { name: string }) => w.name === SITE_CACHE_WEBHOOK_NAME,
  );

  if (!token) {
    // Without a shared token the site refuses purges; its short page lifetime keeps it fresh instead.
    if (existing) {
      await store.deleteWebhook(existing.id);
      runner?.remove(existing);
    }
    return;
  }
  const data = {
    name: SITE_CACHE_WEBHOOK_NAME,
    url: siteCachePurgeUrl(),
    headers: { Authorization: `Bearer ${token}` },
    events: EVENTS,
    isEnabled: true,
  };
  const saved = existing ? await store.updateWebhook(existing.id, data) : await store.createWebhook(data);
  // update() replaces the webhook by id in the runner, so a second call never adds a second copy.
  if (saved) runner?.update(saved);
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  ensure: (options?: { beforeWebhooksStart?: boolean }) => ensureSiteCacheWebhook(strapi, options),
});
