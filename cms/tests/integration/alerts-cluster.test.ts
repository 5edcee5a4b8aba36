// Two cms processes on one PostgreSQL, both running the alerts' cron task every second: every alert is
// sent exactly once. Daily searches whose window has come are claimed by one process or the other, never
// both; listings approved while both run reach each instant search once, never twice.
// PostgreSQL only (vitest.config.ts): a SQLite file belongs to one cms process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@fie/mailcatcher';
import { startCms, type TestDatabase } from '../helpers/strapi';
import { spawnCms, type Running } from '../helpers/processes';
import { client, createAccount } from '../helpers/http';
import { generateSecrets } from '../../scripts/check-env.mjs';
import { testImage } from '../helpers/images';

const SEEKERS = 24;
const LISTINGS = 6;
const PASSWORD = 'GoodPass123';
const SUPERADMIN = 'boss@alerts-cluster.example.com';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let database: TestDatabase;
let mail: MailCatcher;
const cms: Running[] = [];
const secrets = {
  ...generateSecrets(),
  SUPERADMIN_EMAIL: SUPERADMIN,
  SUPERADMIN_PASSWORD: 'ClusterBossPass1',
};
const seeker = (i: number) => `seeker${i}@alerts-cluster.example.com`;
const property = (i: number, city: string) => ({
  location: `Cluster Lane ${i}, ${city}`,
  nearestLandmark: 'The market',
  price: 3000 + i,
  currency: 'GHS',
  propertyType: 'House',
  leaseType: 'Rent',
  images: [testImage(`cluster-alert-${city}-${i}`)],
  city,
});

/** The property ids an e-mail links to. */
const linked = (text: string) => [...text.matchAll(/\/property\/([a-z0-9]+)/g)].map((m) => m[1]!);

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0, maxMessages: 2000 });
  // Accounts, searches and the daily searches' matches, written by one cms with its cron off.
  const setup = await startCms({ env: { ...secrets, CRON_ENABLED: 'false', SMTP_PORT: String(mail.port) } });
  database = setup.database;
  const api = client(setup.url);
  const boss = await api.post('/api/login', { email: SUPERADMIN, password: secrets.SUPERADMIN_PASSWORD });
  for (let i = 0; i < SEEKERS; i++) {
    await createAccount(setup.strapi, seeker(i), PASSWORD);
    const login = await api.post('/api/login', { email: seeker(i), password: PASSWORD });
    // Half look for Accra as it comes, half for Kumasi every morning.
    const [query, frequency] = i % 2 ? [{ city: 'accra' }, 'instant'] : [{ city: 'kumasi' }, 'daily'];
    expect(
      (await api.post('/api/saved-searches', { query, frequency }, { token: login.body.token })).status,
    ).toBe(201);
  }
  for (let i = 0; i < LISTINGS; i++)
    expect((await api.post('/api/products', property(i, 'kumasi'), { token: boss.body.token })).status).toBe(
      201,
    );
  // Their window has come: the next run of either process sends it.
  await setup.strapi.db
    .connection('saved_searches')
    .where({ frequency: 'daily' })
    .update({ last_window: '2000-01-03' });
  await setup.stop({ keepDatabase: true });

  for (let i = 0; i < 2; i++)
    cms.push(
      await spawnCms(database, {
        ...secrets,
        NODE_ENV: 'test',
        DEMO_DATA: 'false',
        SERVE_ADMIN_PANEL: 'false',
        STRAPI_TELEMETRY_DISABLED: 'true',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        IMAGE_IMPORT_ALLOW_LOOPBACK: 'true',
        SITE_URL: 'https://fiehomes.test',
        // Both run the alerts every second (and soon after an approval), to race for the same work.
        CRON_ENABLED: 'true',
        ALERTS_CRON_RULE: '* * * * * *',
        ALERTS_INSTANT_DELAY_MS: '300',
      }),
    );
}, 300_000);

afterAll(async () => {
  for (const p of cms) await p.stop();
  await database?.drop();
  await mail?.close();
});

describe('alerts from two cms processes on one PostgreSQL', () => {
  it('every alert is sent once: daily windows claimed once, instant matches sent once', async () => {
    const boss = await client(cms[0]!.url).post('/api/login', {
      email: SUPERADMIN,
      password: secrets.SUPERADMIN_PASSWORD,
    });
    // Accra listings approved one by one, through both processes in turn, while both run their alerts.
    const accra: string[] = [];
    for (let i = 0; i < LISTINGS; i++) {
      const made = await client(cms[i % 2]!.url).post('/api/products', property(i, 'accra'), {
        token: boss.body.token,
      });
      expect(made.status).toBe(201);
      accra.push(made.body._id);
      await sleep(400);
    }
    const expected = SEEKERS; // at least one e-mail per seeker
    const deadline = Date.now() + 45_000;
    const toSeekers = () => mail.messages.filter((m) => m.to.some((t) => t.startsWith('seeker')));
    // Until every Accra listing reached every instant seeker (and a few seconds more, for any duplicate).
    const reachedAll = () =>
      [...Array(SEEKERS).keys()]
        .filter((i) => i % 2)
        .every((i) => {
          const got = toSeekers()
            .filter((m) => m.to.includes(seeker(i)))
            .flatMap((m) => linked(m.text));
          return accra.every((id) => got.includes(id));
        });
    while (Date.now() < deadline && !(toSeekers().length >= expected && reachedAll())) await sleep(500);
    await sleep(4_000);

    for (let i = 0; i < SEEKERS; i++) {
      const got = toSeekers().filter((m) => m.to.includes(seeker(i)));
      const ids = got.flatMap((m) => linked(m.text));
      if (i % 2) {
        // Instant: each listing in exactly one e-mail (however the runs batched them).
        expect([...ids].sort(), seeker(i)).toEqual([...accra].sort());
      } else {
        // Daily: the window's one e-mail, with the six Kumasi listings.
        expect(got, seeker(i)).toHaveLength(1);
        expect(new Set(ids).size).toBe(LISTINGS);
      }
    }
    // No message went out twice (one Message-ID each).
    const messageIds = mail.messages.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
  }, 120_000);
});
