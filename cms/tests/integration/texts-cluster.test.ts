// Texts exactly once, whatever happens: 200 viewing confirmations texted by two cms processes on one
// PostgreSQL database, with the SMSC away for the first 30 s and one process killed (SIGKILL) while
// texts are in flight, then started again. The SMSC takes texts and holds its answers until the killed
// process surely has some in flight, so it dies with texts the SMSC has taken and it never heard back
// about: those are settled by their delivery receipts, not sent again. Each of the 200 numbers
// gets exactly one confirmation. PostgreSQL run only (vitest.config.ts): SQLite keeps one process.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDates, dailySlots } from '@fie/domain';
import { startSmsCatcher } from '@fie/smscatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { spawnCms, type Running } from '../helpers/processes';
import { client, createAccount } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';

const require = createRequire(import.meta.url);
const USER_UID = 'plugin::users-permissions.user';
const SEEKERS = 200;
const AWAY_MS = 30_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

let setup: TestCms;
let sms: Awaited<ReturnType<typeof startSmsCatcher>>;
const running: Running[] = [];

/** One value read straight from the database both processes use. */
async function count(sql: string): Promise<number> {
  const { Client } = require('pg');
  const database = setup.database;
  if (database.client !== 'postgres') throw new Error('two cms processes need PostgreSQL');
  const c = new Client({ connectionString: database.url });
  await c.connect();
  try {
    return Number((await c.query(sql)).rows[0].n);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  sms = await startSmsCatcher({ port: 0, maxTexts: 5000 });
  setup = await startCms();
}, 120_000);

afterAll(async () => {
  for (const cms of running) await cms.stop('SIGKILL');
  await setup?.database.drop();
  await sms?.close();
});

describe('texts when the SMSC is away and a cms process dies mid-burst', () => {
  it('200 confirmations become 200 texts, none twice', async () => {
    const api = client(setup.url);
    await createAccount(setup.strapi, 'boss@texts-crash.example.com', 'GoodPass123', 'superadmin');
    const token = (
      await api.post('/api/login', { email: 'boss@texts-crash.example.com', password: 'GoodPass123' })
    ).body.token as string;
    const properties: string[] = [];
    for (const street of ['Crash Close 1, Osu', 'Crash Close 2, Osu']) {
      const made = await api.post('/api/products', propertyAt(street), { token });
      expect(made.status).toBe(201);
      properties.push(made.body._id as string);
    }
    // Seekers known by a verified number alone (no e-mail, no password: staff book for them).
    const phones = Array.from(
      { length: SEEKERS },
      (_, i) => `+23324${String(5_000_000 + i).padStart(7, '0')}`,
    );
    const seekers: Array<{ documentId: string }> = [];
    for (const phone of phones)
      seekers.push(
        await setup.strapi.documents(USER_UID).create({
          data: {
            username: phone,
            phone,
            phoneVerifiedAt: new Date(),
            provider: 'local',
            confirmed: true,
            blocked: false,
          },
        }),
      );
    await setup.stop({ keepDatabase: true });

    // The SMSC is away: every bind is refused, so every text fails and waits for its next try.
    sms.refuse();
    const env = {
      SMS_ENABLED: 'true',
      SMPP_URL: `smpp://fie:fie@127.0.0.1:${sms.port}`,
      OUTBOX_POLL_MS: '500',
      SMS_SETTLE_MS: '20000',
      CRON_ENABLED: 'false',
    };
    const [a, b] = await Promise.all([spawnCms(setup.database, env), spawnCms(setup.database, env)]);
    running.push(a!, b!);
    const awayUntil = Date.now() + AWAY_MS;

    const slots = bookableDates(new Date())
      .slice(1)
      .flatMap((date) => dailySlots().map((time) => ({ date, time })));
    expect(slots.length * properties.length).toBeGreaterThanOrEqual(SEEKERS);
    const booked = await Promise.all(
      seekers.map(async (seeker, i) => {
        const via = client((i % 2 ? a : b)!.url);
        const slot = slots[Math.floor(i / properties.length)]!;
        const res = await via.post(
          '/api/appointments/admin-book',
          { userId: seeker.documentId, productId: properties[i % properties.length], ...slot },
          { token },
        );
        return res.status === 201 ? 201 : `${res.status} ${JSON.stringify(res.body)}`;
      }),
    );
    expect(booked.filter((status) => status !== 201).slice(0, 3)).toEqual([]);
    const waiting = await count(
      `select count(*) as n from outbox_messages where channel = 'sms' and sent_at is null`,
    );
    expect(waiting).toBe(SEEKERS);
    expect(sms.texts).toHaveLength(0);

    // Back after 30 s. The SMSC takes texts but holds its answers until more are waiting than one
    // process can have in flight (3 senders of 10): the first process is then killed with texts the
    // SMSC has taken and it never heard back about, and the answers go out.
    await sleep(Math.max(0, awayUntil - Date.now()));
    sms.hold();
    sms.resume();
    // Every text due at once (their back-off would spread them over the next minute): a burst.
    await count(
      `with due as (update outbox_messages set next_attempt_at = now() where channel = 'sms' and sent_at is null returning 1) select count(*) as n from due`,
    );
    for (let i = 0; i < 6000 && sms.held < 31; i++) await sleep(10);
    expect(sms.held).toBeGreaterThanOrEqual(31);
    const inFlight = await count(
      `select count(*) as n from outbox_messages where submitting_at is not null and sent_at is null`,
    );
    a!.process.kill('SIGKILL');
    await a!.stop('SIGKILL');
    const takenAtKill = sms.held;
    sms.release();
    const confirmations = () => sms.texts.filter((t) => /viewing booked/.test(t.text));
    const restarted = await spawnCms(setup.database, env);
    running.push(restarted);

    const pending = () =>
      count(
        `select count(*) as n from outbox_messages where channel = 'sms' and sent_at is null and failed_at is null`,
      );
    for (let i = 0; i < 1200 && (await pending()) > 0; i++) await sleep(100);
    expect(await pending()).toBe(0);
    await sleep(2000); // a text sent twice would arrive by now

    const perNumber = new Map<string, number>();
    for (const text of confirmations()) perNumber.set(text.to, (perNumber.get(text.to) ?? 0) + 1);
    const logs = b!.output() + restarted.output();
    const settledByReceipt = logs.match(/was in doubt; its receipt shows the SMSC took it/g)?.length ?? 0;
    const sentAgain = logs.match(/was in doubt with no receipt; sending it again/g)?.length ?? 0;
    console.log(
      `texts crash: ${inFlight} texts marked in flight at the kill, ${takenAtKill} taken by the SMSC and not answered; ` +
        `${settledByReceipt} in-doubt texts settled by their receipts, ${sentAgain} sent again; ` +
        `${confirmations().length} confirmations in all`,
    );
    expect(inFlight).toBeGreaterThan(0);
    expect(settledByReceipt).toBeGreaterThan(0);
    expect(confirmations()).toHaveLength(SEEKERS);
    expect([...perNumber.keys()].sort()).toEqual([...phones].sort());
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
    // Every text's row names the SMSC's id for it, and its receipt.
    expect(
      await count(
        `select count(*) as n from outbox_messages where channel = 'sms' and (provider_message_id is null or delivery_status is null)`,
      ),
    ).toBe(0);
  }, 300_000);
});
