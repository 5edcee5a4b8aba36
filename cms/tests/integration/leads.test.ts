// Leads: the property page's WhatsApp and Call buttons record one (anonymous, JSON only, limited per
// network address, only for listed properties, nothing about the visitor kept), and staff read the
// last days' leads by channel and by listing, counted against the platform clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEADS_PER_ADDRESS_PER_HOUR, LEAD_SUMMARY_TOP, MESSAGES, leadSummarySchema } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, permissionTests, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';
import { listedAndPending } from '../helpers/fixtures';

let cms: TestCms;
let api: ReturnType<typeof client>;
let token: Record<string, string | undefined> = {};
const listed: string[] = [];
let unapproved = '';
const DAY_MS = 86_400_000;

const clock = () => cms.strapi.plugin('platform').service('clock');
const knex = () => cms.strapi.db.connection;
const leadRows = (): Promise<Record<string, unknown>[]> => knex()('leads').select('*').orderBy('id');
// Each address its own: the per-address limit is tested on its own, with the address it names.
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const lead = (propertyId: unknown, channel: unknown, ip = '198.51.100.1') =>
  api.post('/api/leads', { propertyId, channel }, from(ip));
const summary = (who: string | undefined, query = '') =>
  api.get(`/api/leads/summary${query}`, { token: who === undefined ? undefined : token[who] });

const property = (n: number) => ({
  location: `Lead Lane ${n}, Labone`,
  nearestLandmark: 'Labone Junction',
  price: 3000 + n,
  currency: 'GHS',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  images: [testImage(`l${n}`)],
  city: 'accra',
});

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  token = (
    await signInAccounts(cms.strapi, api, 'leads.example.com', {
      seeker: 'authenticated',
      admin: 'admin',
      superadmin: 'superadmin',
    })
  ).token;
  const made = await listedAndPending(api, token, property);
  listed.push(...made.listed);
  unapproved = made.unapproved;
}, 180_000);
afterAll(async () => {
  await cms?.stop();
});
beforeEach(async () => {
  clock().offsetMs = 0;
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
  await knex()('leads').del();
});

describe('recording a lead', () => {
  it('takes an anonymous lead (204) and keeps the listing, the channel and the platform time, nothing about the visitor', async () => {
    clock().offsetMs = 5 * DAY_MS;
    const before = clock().now().getTime();
    const res = await lead(listed[0], 'whatsapp');
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await lead(listed[1], 'call')).status).toBe(204);
    const rows = await leadRows();
    expect(rows.map((r) => [r.property_document_id, r.channel])).toEqual([
      [listed[0], 'whatsapp'],
      [listed[1], 'call'],
    ]);
    // Stamped by the platform clock (five days ahead here), not the process's.
    const created = new Date(rows[0]!.created_at as string | number | Date).getTime();
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThan(before + 60_000);
    // No column could hold an address, an account or a browser.
    expect(Object.keys(rows[0]!).sort()).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/ip|user|agent|email|phone|session/)]),
    );
  });

  it.each([
    ['another channel', { propertyId: 'x', channel: 'email' }, MESSAGES.leadChannelInvalid],
    ['no channel', { propertyId: 'x' }, MESSAGES.leadChannelInvalid],
    ['no property', { channel: 'call' }, MESSAGES.leadPropertyRequired],
    ['an empty property', { propertyId: '  ', channel: 'call' }, MESSAGES.leadPropertyRequired],
    ['a property that is not text', { propertyId: 42, channel: 'call' }, MESSAGES.leadPropertyRequired],
  ])('refuses %s with 400 and a clear message, writing nothing', async (_name, body, message) => {
    const res = await api.post('/api/leads', body, from('198.51.100.2'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await leadRows()).toHaveLength(0);
  });

  it('refuses a body that is not JSON (415): a form from another site cannot record leads', async () => {
    const form = await api.call('POST', '/api/leads', {
      raw: `propertyId=${listed[0]}&channel=whatsapp`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.message).toMatch(/JSON/);
    const text = await api.call('POST', '/api/leads', {
      raw: JSON.stringify({ propertyId: listed[0], channel: 'whatsapp' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await leadRows()).toHaveLength(0);
    // The same body as JSON is taken, with a charset too (as a browser's Blob may send it).
    const json = await api.call('POST', '/api/leads', {
      raw: JSON.stringify({ propertyId: listed[0], channel: 'whatsapp' }),
      headers: { 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(json.status).toBe(204);
    expect(await leadRows()).toHaveLength(1);
  });

  it('answers 404 for an unknown or unlisted property, writing nothing', async () => {
    for (const id of ['nosuchproperty000000000', unapproved, 'Bad/Id!']) {
      const res = await lead(id, 'whatsapp');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.propertyNotFound);
    }
    expect(await leadRows()).toHaveLength(0);
  });

  it('takes a lead for a listing hidden for want of a confirmation: its page is still reachable', async () => {
    await knex()('properties').where({ document_id: listed[2] }).update({ availability_hidden: true });
    try {
      expect((await lead(listed[2], 'call')).status).toBe(204);
      expect((await leadRows()).map((r) => r.property_document_id)).toEqual([listed[2]]);
    } finally {
      await knex()('properties').where({ document_id: listed[2] }).update({ availability_hidden: false });
    }
  });

  it(`limits one network address to ${LEADS_PER_ADDRESS_PER_HOUR} leads an hour (429); other addresses and the next hour go on`, async () => {
    for (let i = 0; i < LEADS_PER_ADDRESS_PER_HOUR; i += 1)
      expect((await lead(listed[i % 3], i % 2 ? 'call' : 'whatsapp', '203.0.113.7')).status).toBe(204);
    const over = await lead(listed[0], 'whatsapp', '203.0.113.7');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(MESSAGES.leadsTooMany);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await leadRows()).toHaveLength(LEADS_PER_ADDRESS_PER_HOUR);
    expect((await lead(listed[0], 'whatsapp', '203.0.113.8')).status).toBe(204);
    clock().offsetMs = 3_601_000;
    expect((await lead(listed[0], 'whatsapp', '203.0.113.7')).status).toBe(204);
  });

  it('counts an IPv6 network by its /64: its addresses share one limit, another /64 goes on', async () => {
    for (let i = 0; i < LEADS_PER_ADDRESS_PER_HOUR; i += 1)
      expect((await lead(listed[i % 3], 'call', `2001:db8:7:1::${(i + 1).toString(16)}`)).status).toBe(204);
    expect((await lead(listed[0], 'call', '2001:db8:7:1:abcd::1')).status).toBe(429);
    expect((await lead(listed[0], 'call', '2001:db8:7:2::1')).status).toBe(204);
  });
});

describe('the staff summary', () => {
  describe('is for staff only', () => {
    permissionTests(
      it,
      expect,
      [
        {
          route: 'GET /api/leads/summary',
          call: (t) => api.get('/api/leads/summary', { token: t }),
          expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
        },
      ],
      ['anonymous', 'seeker', 'admin', 'superadmin'] as const,
      (who) => token[who],
    );
  });

  it('counts the last 30 days by channel and ranks listings by leads; older leads drop out as the clock moves', async () => {
    const [a, b, c] = listed as [string, string, string];
    // Day 0: a has 3 WhatsApp and 1 call, b 2 calls, c 1 WhatsApp.
    for (const [id, channel] of [
      [a, 'whatsapp'],
      [a, 'whatsapp'],
      [a, 'whatsapp'],
      [a, 'call'],
      [b, 'call'],
      [b, 'call'],
      [c, 'whatsapp'],
    ] as const)
      expect((await lead(id, channel)).status).toBe(204);

    const now = await summary('admin');
    expect(now.status).toBe(200);
    const read = leadSummarySchema.parse(now.body);
    expect(read).toMatchObject({ days: 30, total: 7, byChannel: { whatsapp: 4, call: 3 } });
    expect(read.topListings).toEqual([
      { propertyId: a, title: 'Apartment in Lead Lane 1, Labone', total: 4, whatsapp: 3, call: 1 },
      { propertyId: b, title: 'Apartment in Lead Lane 2, Labone', total: 2, whatsapp: 0, call: 2 },
      { propertyId: c, title: 'Apartment in Lead Lane 3, Labone', total: 1, whatsapp: 1, call: 0 },
    ]);

    // 20 days on: c gets 4 calls and leads the ranking; everything is still within 30 days.
    clock().offsetMs = 20 * DAY_MS;
    for (let i = 0; i < 4; i += 1) expect((await lead(c, 'call', '198.51.100.9')).status).toBe(204);
    const later = leadSummarySchema.parse((await summary('superadmin')).body);
    expect(later).toMatchObject({ total: 11, byChannel: { whatsapp: 4, call: 7 } });
    expect(later.topListings.map((l) => [l.propertyId, l.total])).toEqual([
      [c, 5],
      [a, 4],
      [b, 2],
    ]);

    // 31 days after the first leads: only the day-20 ones are within the last 30 days.
    clock().offsetMs = 31 * DAY_MS;
    const moved = leadSummarySchema.parse((await summary('admin')).body);
    expect(Math.abs(Date.parse(moved.since) - (clock().now().getTime() - 30 * DAY_MS))).toBeLessThan(10_000);
    expect(moved).toMatchObject({ total: 4, byChannel: { whatsapp: 0, call: 4 } });
    expect(moved.topListings).toEqual([
      { propertyId: c, title: 'Apartment in Lead Lane 3, Labone', total: 4, whatsapp: 0, call: 4 },
    ]);
    // A longer period still reads them all.
    const sixty = leadSummarySchema.parse((await summary('admin', '?days=60')).body);
    expect(sixty).toMatchObject({ days: 60, total: 11 });
  });

  it(`ranks at most ${LEAD_SUMMARY_TOP} listings, and a deleted listing keeps its counts without a title`, async () => {
    const gone = await api.post('/api/products', property(9), { token: token.superadmin });
    expect(gone.status).toBe(201);
    // Two leads, so it ranks first among listings of one lead each.
    expect((await lead(gone.body._id, 'call')).status).toBe(204);
    expect((await lead(gone.body._id, 'whatsapp')).status).toBe(204);
    expect(
      (await api.call('DELETE', `/api/products/${gone.body._id}`, { token: token.superadmin })).status,
    ).toBe(200);
    // More listings with leads than the summary ranks, written straight to the table.
    const t = clock().now();
    await knex()('leads').insert(
      Array.from({ length: LEAD_SUMMARY_TOP + 2 }, (_, i) => ({
        document_id: `rankedlead${String(i).padStart(14, '0')}`,
        property_document_id: `ranked${String(i).padStart(18, '0')}`,
        channel: 'whatsapp',
        created_at: t,
        updated_at: t,
        published_at: t,
      })),
    );
    const read = leadSummarySchema.parse((await summary('admin')).body);
    expect(read.total).toBe(LEAD_SUMMARY_TOP + 4);
    expect(read.topListings).toHaveLength(LEAD_SUMMARY_TOP);
    expect(read.topListings[0]).toEqual({
      propertyId: gone.body._id,
      title: null,
      total: 2,
      whatsapp: 1,
      call: 1,
    });
  });

  it.each(['0', '366', 'abc'])('refuses days=%s with 400', async (days) => {
    const res = await summary('admin', `?days=${days}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.leadSummaryDaysInvalid);
  });
});
