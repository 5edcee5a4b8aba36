import type { Core } from '@strapi/strapi';
import { registerEnquiryPhoneText } from './phone-text';

// The enquiry concept's own start-up, run by Strapi (see api/property/index.ts).
export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerEnquiryPhoneText(strapi);
  },
};
