import type { Core } from '@strapi/strapi';
import { registerEnquiryPhoneText } from './phone-text';
import { ensureTrigramIndexes } from '../../shared/trigram-indexes';

// The enquiry concept's own start-up, run by Strapi (see api/property/index.ts).
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerEnquiryPhoneText(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // The staff list of enquiries searches these by substring.
    await ensureTrigramIndexes(strapi, 'enquiries', ['name', 'email', 'location', 'phone_text'], {
      filteredBy: ['status', 'priority'],
    });
  },
};
