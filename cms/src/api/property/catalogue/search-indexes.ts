import type { Core } from '@strapi/strapi';
import { ensureTrigramIndexes } from '../../../shared/trigram-indexes';

/**
 * On PostgreSQL, trigram indexes answer the listing's substring searches (location, landmark and type) without
 * scanning every row; made by the shared helper like the staff lists' (shared/trigram-indexes.ts).
 */
export async function ensureSearchIndexes(strapi: Core.Strapi): Promise<void> {
  if (strapi.db.dialect.client !== 'postgres') return;
  // Databases made before the helper have the type's index under its older name: renamed (instant),
  // not built a second time under the helper's name.
  await strapi.db.connection.raw(`do $$ begin
    if to_regclass('properties_type_trgm_idx') is not null and to_regclass('properties_property_type_trgm_idx') is null then
      alter index properties_type_trgm_idx rename to properties_property_type_trgm_idx;
    end if;
  end $$`);
  await ensureTrigramIndexes(strapi, 'properties', ['location', 'nearest_landmark', 'property_type']);
}
