import type { Core } from '@strapi/strapi';
import { ensureTrigramIndexes } from '../../../shared/trigram-indexes';

/**
 * On PostgreSQL, trigram indexes answer the listing's substring searches (location, landmark and type) without
 * scanning every row; made by the shared helper like the staff lists' (shared/trigram-indexes.ts).
 * On SQLite, an FTS5 table with the trigram tokenizer does (ensureSqliteSearch).
 */
export async function ensureSearchIndexes(strapi: Core.Strapi): Promise<void> {
  if (strapi.db.dialect.client === 'sqlite') return ensureSqliteSearch(strapi);
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

/** The SQLite listing's search index: an FTS5 table over the searched columns of `properties`. */
export const SQLITE_SEARCH_TABLE = 'properties_search';
const SEARCHED = ['location', 'nearest_landmark', 'property_type'] as const;
let sqliteSearchReady = false;

/** Whether the listing may search through SQLite's FTS5 index (made at start; false on PostgreSQL or where FTS5 is missing). */
export const sqliteSearchIndexed = () => sqliteSearchReady;

/**
 * SQLite: an FTS5 table with the trigram tokenizer whose content is `properties` itself (external
 * content: it keeps the index, not a copy of the text), kept current by row triggers. Its LIKE answers
 * `'%words%'` from the index, then tests each candidate with LIKE itself, so it matches exactly what
 * `lower(column) like '%words%'` matches on SQLite (whose LIKE and lower() both fold ASCII letters
 * only). Made idempotently at every start; the triggers too, since rebuilding a table (some schema
 * changes) drops them: the index is rebuilt from the table whenever they were missing, so writes made
 * meanwhile are never missed. Where FTS5 is missing, the listing searches by scan as before.
 */
async function ensureSqliteSearch(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  const table = SQLITE_SEARCH_TABLE;
  const columns = SEARCHED.join(', ');
  const values = (row: 'new' | 'old') => SEARCHED.map((c) => `${row}.${c}`).join(', ');
  try {
    await knex.raw(
      `create virtual table if not exists ${table} using fts5(${columns}, content='properties', content_rowid='id', tokenize='trigram')`,
    );
    const triggers = [
      [
        `${table}_ins`,
        `after insert on properties begin insert into ${table}(rowid, ${columns}) values (new.id, ${values('new')}); end`,
      ],
      [
        `${table}_del`,
        `after delete on properties begin insert into ${table}(${table}, rowid, ${columns}) values ('delete', old.id, ${values('old')}); end`,
      ],
      [
        `${table}_upd`,
        `after update on properties begin insert into ${table}(${table}, rowid, ${columns}) values ('delete', old.id, ${values('old')}); insert into ${table}(rowid, ${columns}) values (new.id, ${values('new')}); end`,
      ],
    ] as const;
    const present = new Set(
      (
        (await knex.raw(
          `select name from sqlite_master where type = 'trigger' and tbl_name = 'properties'`,
        )) as { name: string }[]
      ).map((r) => r.name),
    );
    const missing = triggers.filter(([name]) => !present.has(name));
    for (const [name, body] of missing) await knex.raw(`create trigger ${name} ${body}`);
    if (missing.length > 0) await knex.raw(`insert into ${table}(${table}) values ('rebuild')`);
    sqliteSearchReady = true;
  } catch (error) {
    sqliteSearchReady = false;
    strapi.log.warn(
      `[fie] listing search index not created (${(error as Error).message}); searches will scan`,
    );
  }
}
