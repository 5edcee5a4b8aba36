import type { Core } from '@strapi/strapi';
import { PANEL_ACTIONS } from './permissions';

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  // Registered here, before the admin's own bootstrap, which deletes every granted permission whose
  // action nobody registered: registering later would cost the Marketing role its grant on each start.
  await (strapi.service('admin::permission') as any).actionProvider.registerMany(PANEL_ACTIONS);
  await strapi.plugin('site-cache').service('webhook').ensure({ beforeWebhooksStart: true });
};
