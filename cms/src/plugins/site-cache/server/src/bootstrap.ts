import type { Core } from '@strapi/strapi';
import { PANEL_ACTIONS } from './permissions';
import { getService } from './get-service';
import { removeLegacyWebhook } from './services/legacy-webhook';

/** The part of the admin's permission service used here (Strapi types every service as an untyped record). */
interface PermissionService {
  actionProvider: { registerMany(actions: typeof PANEL_ACTIONS): Promise<void> };
}

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  // Registered here, before the admin's own bootstrap, which deletes every granted permission whose
  // action nobody registered: registering later would cost the Marketing role its grant on each start.
  await (strapi.service('admin::permission') as PermissionService).actionProvider.registerMany(PANEL_ACTIONS);
  await removeLegacyWebhook(strapi);
  getService(strapi, 'purge').listen();
};
