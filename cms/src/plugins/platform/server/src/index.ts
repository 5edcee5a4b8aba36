import bootstrap from './bootstrap';
import contentTypes from './content-types';
import destroy from './destroy';
import register from './register';
import services from './services';

// Shaped like Strapi's own plugins: Strapi reads these keys from the object strapi-server.js exports.
// No routes, controllers or policies: other plugins and APIs use its services (get-service.ts).
export default { register, bootstrap, destroy, contentTypes, services };
