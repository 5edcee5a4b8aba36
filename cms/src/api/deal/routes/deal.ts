import { factories } from '@strapi/strapi';

// Stock routes stay closed to every users-permissions role; only API tokens may use them.
// The seeds' REST contract is served by the custom routes beside this file.
export default factories.createCoreRouter('api::deal.deal', { only: ['find', 'findOne'] });
