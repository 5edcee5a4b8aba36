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

/**
 * What a typed search looks for in the phone text: numbers are stored as +233XXXXXXXXX, so a number
 * typed the local way ("024 123 4567", "0241234") is looked up without separators and with its
 * trunk 0 as +233. Anything that is not a phone number (a name, an e-mail) gives null.
 */
export function phoneSearchTerm(search: string): string | null {
  const compact = search.replace(/[\s\-.()]/g, '');
  if (!/^\+?\d{3,}$/.test(compact)) return null;
  return compact.startsWith('0') ? `+233${compact.slice(1)}` : compact;
}
