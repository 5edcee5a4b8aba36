import type { Core } from '@strapi/strapi';
import { previewConfig } from '../src/http/site-preview';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  auth: {
    secret: env('ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: env('API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY'),
  },
  // Tests and API-only processes do not need the admin panel's static bundle.
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  // "Open preview" shows the site rendering the draft, through the site's signed /preview route
  // (src/http/site-preview.ts). Off, with no preview panel, when PREVIEW_SECRET is not set.
  preview: previewConfig(env),
  flags: {
    nps: false,
    promoteEE: false,
  },
});
