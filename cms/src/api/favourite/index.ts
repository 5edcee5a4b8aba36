import type { Core } from '@strapi/strapi';

// The favourite concept's own start-up, run by Strapi (see api/property/index.ts).
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    const knex = strapi.db.connection;
    // A property once per account (saving twice at once keeps one row), and an account's list newest first.
    await knex.raw(
      'create unique index if not exists favourites_user_property_uq on favourites (user_id, property_document_id)',
    );
    await knex.raw(
      'create index if not exists favourites_user_created_idx on favourites (user_id, created_at, id)',
    );
  },
};
