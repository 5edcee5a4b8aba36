import register from './register';
import bootstrap from './bootstrap';
import contentTypes from './content-types';
import controllers from './controllers';
import routes from './routes';
import services from './services';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
// No policies or middlewares of its own: the routes use the app's signed-in policy.
export default { register, bootstrap, contentTypes, controllers, routes, services };
