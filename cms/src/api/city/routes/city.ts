import { factories } from '@strapi/strapi';

// Public and read-only through the API; edited in the admin panel.
export default factories.createCoreRouter('api::city.city', { only: ['find', 'findOne'] });
