import type { Core } from '@strapi/strapi';
import { siteUrl } from '../../../../../shared/site-url';

export const googleConfigured = () => Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET);

/** Where Google's hand-off lands: served by the cms, reached through the site's /api proxy. */
export const googleReturnUrl = () => `${siteUrl()}/api/auth/google/return`;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  configured: googleConfigured,

  /**
   * The environment decides whether Google sign-in is on: users-permissions' provider settings are
   * written from GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET at every start. Google's console must allow
   * the redirect URI <cms public URL>/api/connect/google/callback.
   */
  async ensureProvider(): Promise<void> {
    const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
    const grant = ((await store.get({ key: 'grant' })) as Record<string, object> | null) ?? {};
    const current = grant.google ?? {};
    const next = googleConfigured()
      ? { ...current, enabled: true, key: process.env.GOOGLE_CLIENT_ID, secret: process.env.GOOGLE_CLIENT_SECRET, callback: googleReturnUrl(), scope: ['email'] }
      : { ...current, enabled: false, key: '', secret: '' };
    await store.set({ key: 'grant', value: { ...grant, google: next } });
  },
});
