import bootstrap from './bootstrap';
import contentTypes from './content-types';
import controllers from './controllers';
import destroy from './destroy';
import policies from './policies';
import register from './register';
import routes from './routes';
import services from './services';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
export default { register, bootstrap, destroy, contentTypes, controllers, policies, routes, services };
