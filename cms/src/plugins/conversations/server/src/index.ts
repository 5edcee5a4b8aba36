import contentTypes from './content-types';
import controllers from './controllers';
import routes from './routes';
import services from './services';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
export default { contentTypes, controllers, routes, services };
