import { factories } from '@strapi/strapi';

// Marketing copy is public and read-only through the API; it is edited in the admin panel.
export default factories.createCoreRouter('api::home-page.home-page', { only: ['find'] });
