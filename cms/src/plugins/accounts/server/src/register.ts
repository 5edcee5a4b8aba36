import type { Core } from '@strapi/strapi';
import { limitPanelLoginsPerAddress } from './middlewares/panel-login-limit.middleware';
import { keepSigningKeysAsKeyObjects } from './signing-key';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  // Staff accounts of the panel are throttled like the site's: on the admin login route, before the
  // admin's routes are mounted.
  limitPanelLoginsPerAddress(strapi);
  keepSigningKeysAsKeyObjects(strapi);
};
