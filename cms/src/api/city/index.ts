import type { Core } from '@strapi/strapi';
import { registerCitySharedFields } from './shared-fields';

// The city concept's own start-up (Strapi 5 runs an API folder's index register and bootstrap).
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerCitySharedFields(strapi);
  },
};
