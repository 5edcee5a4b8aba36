import type { Core } from '@strapi/strapi';
import { getService } from './get-service';

// Strapi calls this on shutdown: the SMSC session closes (receipts and texts from phones stop coming
// in), then the outbox's worker stops, after the send under way is marked.
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  getService(strapi, 'sms').close();
  await getService(strapi, 'outbox').stop();
};
