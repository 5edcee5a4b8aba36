import config from './config';
import controllers from './controllers';
import register from './register';
import routes from './routes';
import services from './services';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
// No content types: the governed types stay their APIs' own (their tables unchanged); the staff
// audit trail and reject notes of the back-office will be this plugin's first tables.
export default { config, controllers, register, routes, services };
