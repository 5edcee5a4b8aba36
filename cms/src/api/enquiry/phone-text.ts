import type { Core } from '@strapi/strapi';

const UID = 'api::enquiry.enquiry';

/** Keeps a text copy of an enquiry's phone numbers (a JSON list) so staff can search them. */
export function registerEnquiryPhoneText(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid === UID && (action === 'create' || action === 'update')) {
      const data = (context.params as { data?: Record<string, unknown> }).data;
      if (data && 'phoneNumber' in data) {
        data.phoneText = Array.isArray(data.phoneNumber) ? data.phoneNumber.join(' ') : null;
      }
    }
    return next();
  });
}
