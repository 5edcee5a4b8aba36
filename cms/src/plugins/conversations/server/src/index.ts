import type { Core } from '@strapi/strapi';
import contentTypes from './content-types';
import controllers from './controllers';
import routes from './routes';
import services from './services';
import { getService } from './get-service';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
const bootstrap = async ({ strapi }: { strapi: Core.Strapi }) => {
  await getService(strapi, 'events').start();
};
const destroy = async ({ strapi }: { strapi: Core.Strapi }) => {
  await getService(strapi, 'events').stop();
};

export default { bootstrap, destroy, contentTypes, controllers, routes, services };
