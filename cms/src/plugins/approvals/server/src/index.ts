import config from './config';
import contentTypes from './content-types';
import controllers from './controllers';
import register from './register';
import routes from './routes';
import services from './services';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
// The governed types stay their APIs' own (their tables unchanged); the plugin's own table is the
// staff audit trail (plugin::approvals.audit-entry).
export default { config, contentTypes, controllers, register, routes, services };
