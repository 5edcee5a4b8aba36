import { factories } from '@strapi/strapi';

// Stock routes stay closed to every users-permissions role; only API tokens may use them.
// The API's property contract (/api/products) is served by the custom routes beside this file.
export default factories.createCoreRouter('api::property.property', { only: ['find', 'findOne'] });
