import type { Core } from '@strapi/strapi';
import { registerFormerUidCleanup } from './former-uids';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  // What Strapi stored under the types' former UIDs (plugin::accounts.*) is removed at start.
  registerFormerUidCleanup(strapi);
};
