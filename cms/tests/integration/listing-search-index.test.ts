// The listing's text search (location, landmark, type) is answered from an index, not by reading
// every row, on both databases: PostgreSQL's trigram GIN indexes, SQLite's FTS5 table
// with the trigram tokenizer (catalogue/search-indexes.ts). Here, what the index must keep true: a
// property's new, changed and deleted text is found (or no longer found) at once, the FTS5 index is
// rebuilt when its triggers went missing, words holding a LIKE wildcard are still found, and the
// database really answers the search from the index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts } from '../helpers/http';
import { templatePropertyRow } from '../helpers/listing-rows';

let cms: TestCms;
let api: ReturnType<typeof client>;
let template: Record<string, unknown>;
const sqlite = () => cms.database.client === 'sqlite';

beforeAll(async () => {
  // No listing cache: each request reads the database.
  cms = await startCms({ env: { LISTING_CACHE_MS: '0' } });
  api = client(cms.url);
  const accounts = await signInAccounts(cms.strapi, api, 'search-index.example.com', {
    superadmin: 'superadmin',
  });
  template = (await templatePropertyRow(cms, api, accounts.token.superadmin!)).row;
}, 120_000);
afterAll(async () => {
  await cms?.stop();
});

/** Writes an approved property straight to the table (as a bulk load or another tool would). */
async function insert(documentId: string, location: string, landmark = 'Nowhere in particular') {
  await cms.strapi.db.connection('properties').insert({
    ...template,
    document_id: documentId,
    location,
    nearest_landmark: landmark,
    approval_status: 'approved',
  });
}
const found = async (query: string) => {
  const res = await api.get(`/api/products?${query}`);
  expect(res.status).toBe(200);
  return (res.body as { _id: string }[]).map((p) => p._id).sort();
};

describe('the listing search index', () => {
  it('finds new text at once, changed text by its new words only, and deleted properties no more', async () => {
    await insert('si000000000000000000001', 'Zebra Crossing Lane, Osu', 'Zebra Mall');
    await insert('si000000000000000000002', 'Quiet Corner', 'ZEBRA park');
    expect(await found('search=zebra')).toEqual(['si000000000000000000001', 'si000000000000000000002']);
    expect(await found('location=zebra')).toEqual(['si000000000000000000001']);
    await cms.strapi.db
      .connection('properties')
      .where({ document_id: 'si000000000000000000001' })
      .update({ location: 'Quagga Road', nearest_landmark: 'Quagga Mall' });
    expect(await found('search=zebra')).toEqual(['si000000000000000000002']);
    expect(await found('search=quagga')).toEqual(['si000000000000000000001']);
    await cms.strapi.db.connection('properties').where({ document_id: 'si000000000000000000002' }).delete();
    expect(await found('search=zebra')).toEqual([]);
  });

  it('finds words holding a LIKE wildcard or the escape character, and only as written', async () => {
    await insert('si000000000000000000003', '50% Off Plaza, Tema');
    await insert('si000000000000000000004', '50 Percent Road, Tema');
    await insert('si000000000000000000005', 'Back\\Slash Street');
    expect(await found('search=50%25%20off')).toEqual(['si000000000000000000003']);
    expect(await found('search=50_o')).toEqual([]);
    expect(await found('search=50%25_off')).toEqual([]);
    expect(await found('search=ck%5Csl')).toEqual(['si000000000000000000005']);
  });

  it('is what the database answers the search from', async () => {
    const knex = cms.strapi.db.connection;
    if (sqlite()) {
      const plan = (await knex.raw(
        "explain query plan select rowid from properties_search where location like '%zebra%'",
      )) as { detail: string }[];
      // "L0": the LIKE on the first column is handed to the FTS5 table's trigram index.
      expect(plan.map((r) => r.detail).join(' ')).toMatch(/VIRTUAL TABLE INDEX \d+:L0/);
    } else {
      const names = (
        await knex.raw("select indexname from pg_indexes where tablename = 'properties'")
      ).rows.map((r: { indexname: string }) => r.indexname);
      expect(names).toEqual(
        expect.arrayContaining([
          'properties_location_trgm_idx',
          'properties_nearest_landmark_trgm_idx',
          'properties_property_type_trgm_idx',
          'properties_listed_filters_gin',
        ]),
      );
      // The listing's indexes of approved rows alone are gone: made again for the listed ones (not hidden).
      expect(names.filter((n: string) => n.startsWith('properties_listing_'))).toEqual([]);
      expect(names.filter((n: string) => n.startsWith('properties_listed_')).length).toBeGreaterThan(20);
    }
  });

  it('(SQLite) is rebuilt at start when its triggers went missing, so writes made meanwhile are found', async () => {
    const knex = cms.strapi.db.connection;
    if (!sqlite()) {
      // PostgreSQL's indexes are kept by the database itself; nothing to rebuild.
      expect(
        (await knex.raw("select count(*)::int as n from pg_trigger where tgname like 'properties_search%'"))
          .rows[0].n,
      ).toBe(0);
      return;
    }
    // As a rebuild of the table by a schema change would: the triggers are gone, and a write meanwhile is not indexed.
    for (const t of ['ins', 'upd', 'del']) await knex.raw(`drop trigger properties_search_${t}`);
    await insert('si000000000000000000006', 'Okapi Close');
    await knex('properties')
      .where({ document_id: 'si000000000000000000001' })
      .update({ location: 'Okapi Gardens' });
    const database = cms.database;
    await cms.stop({ keepDatabase: true });
    cms = await startCms({ env: { LISTING_CACHE_MS: '0' }, database });
    api = client(cms.url);
    expect(await found('search=okapi')).toEqual(['si000000000000000000001', 'si000000000000000000006']);
    expect(await found('search=quagga')).toEqual(['si000000000000000000001']); // its landmark still says Quagga
    const triggers = (await cms.strapi.db.connection.raw(
      "select name from sqlite_master where type = 'trigger' and name like 'properties_search%'",
    )) as { name: string }[];
    expect(triggers.map((r) => r.name).sort()).toEqual([
      'properties_search_del',
      'properties_search_ins',
      'properties_search_upd',
    ]);
  });
});
