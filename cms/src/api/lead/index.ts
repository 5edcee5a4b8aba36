import type { Core } from '@strapi/strapi';

// The lead concept's own start-up, run by Strapi (see api/property/index.ts).
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // The dashboard's summaries read a period's leads by when they came, per listing and channel:
    // this index answers them without reading the table.
    await strapi.db.connection.raw(
      'create index if not exists leads_created_property_channel_idx on leads (created_at, property_document_id, channel)',
    );
  },
};
