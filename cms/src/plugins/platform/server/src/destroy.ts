import type { Core } from '@strapi/strapi';
import { getService } from './get-service';

// Strapi calls this on shutdown: the outbox's worker stops, after the send under way is marked.
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await getService(strapi, 'outbox').stop();
};
