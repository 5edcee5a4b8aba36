import type { Core } from '@strapi/strapi';
import { siteUrl } from '../http/site-url';

// The site caches whole pages; this Strapi webhook tells it to drop them when content changes, so a
// published edit or an approved listing shows at once. It is a normal webhook (Settings → Webhooks
// in the admin panel shows it), kept in step with the environment on every start.
export const SITE_CACHE_WEBHOOK_NAME = 'Site cache purge';

const EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];

export function siteCachePurgeUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SITE_CACHE_PURGE_URL || `${siteUrl()}/_cache/purge`).trim();
}

export async function ensureSiteCacheWebhook(strapi: Core.Strapi): Promise<void> {
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const token = process.env.CACHE_PURGE_TOKEN?.trim();
  const existing = (await store.findWebhooks()).find((w: { name: string }) => w.name === SITE_CACHE_WEBHOOK_NAME);

  if (!token) {
    // Without a shared token the site refuses purges; its short page lifetime keeps it fresh instead.
    if (existing) {
      await store.deleteWebhook(existing.id);
      runner.remove(existing);
    }
    return;
  }
  const data = { name: SITE_CACHE_WEBHOOK_NAME, url: siteCachePurgeUrl(), headers: { Authorization: `Bearer ${token}` }, events: EVENTS, isEnabled: true };
  if (existing) {
    const updated = await store.updateWebhook(existing.id, data);
    if (updated) runner.update(updated);
  } else {
    runner.add(await store.createWebhook(data));
  }
}
