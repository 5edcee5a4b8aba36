import bootstrap from './bootstrap';
import controllers from './controllers';
import policies from './policies';
import routes from './routes';
import services from './services';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
export default { bootstrap, controllers, policies, routes, services };
