import type { Core } from '@strapi/strapi';
import { ensureTrigramIndexes } from '../../shared/trigram-indexes';

// The deal concept's own start-up (Strapi 5 runs an API folder's index bootstrap after the plugins').
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // The deal searches (the staff list and the approval queue: tenant and closer).
    await ensureTrigramIndexes(strapi, 'deals', ['tenant_name', 'closer_name']);
  },
};
