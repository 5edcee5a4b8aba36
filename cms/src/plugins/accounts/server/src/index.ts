import bootstrap from './bootstrap';
import contentTypes from './content-types';
import controllers from './controllers';
import policies from './policies';
import register from './register';
import routes from './routes';
import services from './services';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
// No destroy of its own: the outbox it sends its e-mails through is the platform plugin's.
export default { register, bootstrap, contentTypes, controllers, policies, routes, services };
