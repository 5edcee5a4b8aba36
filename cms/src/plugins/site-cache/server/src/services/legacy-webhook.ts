import type { Core } from '@strapi/strapi';

// Purges were once sent by a stored Strapi webhook of this name, on every change of any content type
// (a seeker's favourite included). The plugin now sends them itself, for public content only
// (purge.service.ts); a database from before keeps the webhook until this removes it.
export const LEGACY_WEBHOOK_NAME = 'Site cache purge';

/**
 * Deletes the old webhook. Called during the plugins' bootstrap, before Strapi starts the stored
 * webhooks, so the old one is never started.
 */
export async function removeLegacyWebhook(strapi: Core.Strapi): Promise<void> {
  const store = strapi.get('webhookStore');
  for (const hook of await store.findWebhooks())
    if ((hook as { name: string }).name === LEGACY_WEBHOOK_NAME) await store.deleteWebhook(hook.id);
}
