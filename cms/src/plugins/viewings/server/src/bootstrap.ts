import type { Core } from '@strapi/strapi';
import { ensureTrigramIndexes } from '../../../../shared/trigram-indexes';
import { backfillClientEmails, subscribeClientEmailChanges } from './client-email';

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  // The staff list searches the property label and the client's e-mail by substring, and the time
  // from its start; mostly within one status (the screen's filter).
  subscribeClientEmailChanges(strapi);
  await backfillClientEmails(strapi);
  await ensureTrigramIndexes(strapi, 'appointments', ['property_label', 'client_email', 'time'], {
    filteredBy: ['status'],
  });
};
