import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';

// The clock, the mailer, the e-mail outbox and the rate limiter moved from the accounts plugin into
// the platform plugin (cms/src/plugins/platform). Seen from outside nothing changed: the same tables,
// the same rows; only the types' UIDs are new.
let cms: TestCms;

// [the UID before the move, the UID now, the table both name]
const MOVED = [
  ['plugin::accounts.outbox-message', 'plugin::platform.outbox-message', 'outbox_messages'],
  ['plugin::accounts.rate-limit-bucket', 'plugin::platform.rate-limit-bucket', 'rate_limit_buckets'],
] as const;
const STORE = 'strapi_core_store_settings';
const viewKey = (uid: string) => `plugin_content_manager_configuration_content_types::${uid}`;

beforeAll(async () => {
  cms = await startCms();
});
afterAll(async () => {
  await cms?.stop();
});

describe('the platform plugin', () => {
  it('is loaded, owns the outbox and throttle tables under their old names, and serves the shared services', () => {
    expect(cms.strapi.plugin('platform')).toBeTruthy();
    for (const [old, uid, table] of MOVED) {
      expect(cms.strapi.contentType(uid).collectionName).toBe(table);
      expect(cms.strapi.contentType(old)).toBeUndefined();
    }
    for (const name of ['clock', 'mailer', 'outbox', 'rate-limit', 'housekeeping']) {
      expect(cms.strapi.plugin('platform').service(name), name).toBeTruthy();
    }
    for (const name of ['clock', 'mailer', 'outbox', 'rate-limit']) {
      expect(cms.strapi.plugin('accounts').service(name), name).toBeUndefined();
    }
  });

  it('starts on a database that still holds rows and stored records of the old plugin::accounts types', async () => {
    const db = cms.strapi.db;
    // The panel's stored view of each type, and the panel roles' rights on it, as named before the move.
    let rights = 0;
    for (const [old, uid] of MOVED) {
      const view = await db
        .connection(STORE)
        .where({ key: viewKey(uid) })
        .first();
      await db.connection(STORE).insert({
        key: viewKey(old),
        value: String(view.value).replaceAll(uid, old),
        type: view.type,
        environment: view.environment,
        tag: view.tag,
      });
      rights += await db.connection('admin_permissions').where({ subject: uid }).update({ subject: old });
    }
    expect(rights).toBeGreaterThan(0);
    // Rows in the kept tables: an open throttle window and an e-mail sent an hour ago.
    const t = new Date();
    await db.connection('rate_limit_buckets').insert({
      key: 'old:platform',
      count: 3,
      window_ends_at: new Date(t.getTime() + 3_600_000),
      created_at: t,
      updated_at: t,
    });
    const hourAgo = new Date(t.getTime() - 3_600_000);
    await db.connection('outbox_messages').insert({
      message_id: '<old-layout@fiehomes.local>',
      to_address: 'old-layout@example.com',
      subject: 'Sent before the move',
      html: '<p>Sent</p>',
      text: 'Sent',
      attempts: 1,
      next_attempt_at: hourAgo,
      sent_at: hourAgo,
      created_at: hourAgo,
      updated_at: hourAgo,
    });
    await cms.stop({ keepDatabase: true });

    cms = await startCms({ database: cms.database });
    const k = cms.strapi.db.connection;
    for (const [old, uid] of MOVED) {
      expect(
        await k(STORE)
          .where({ key: viewKey(old) })
          .first(),
        old,
      ).toBeUndefined();
      expect(
        await k(STORE)
          .where({ key: viewKey(uid) })
          .first(),
        uid,
      ).toBeTruthy();
    }
    expect(
      await k('admin_permissions').whereIn(
        'subject',
        MOVED.map(([old]) => old),
      ),
    ).toEqual([]);
    const bucket = await cms.strapi.db
      .query('plugin::platform.rate-limit-bucket')
      .findOne({ where: { key: 'old:platform' } });
    expect(bucket.count).toBe(3);
    // The limiter goes on from the kept window.
    expect((await cms.strapi.plugin('platform').service('rate-limit').hit('old:platform', 60)).count).toBe(4);
    const mail = await cms.strapi.db
      .query('plugin::platform.outbox-message')
      .findOne({ where: { messageId: '<old-layout@fiehomes.local>' } });
    expect(mail.subject).toBe('Sent before the move');
    expect(mail.sentAt).toBeTruthy();
  });
});
