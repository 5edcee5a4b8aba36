// Reports of a listing: anyone may send one (signed in or not), limited per network address and per
// listing; staff (admin, superadmin) list them and resolve or dismiss them, audited. Three distinct
// addresses with open "already let" reports since its last confirmation mark the listing on its row,
// and "asked me to pay to view" is e-mailed to the superadmins, once per listing in a window.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_DETAILS_MAX, REPORT_TEXT } from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';
import { client, permissionTests, signInAccounts, type SignedIn } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let who: SignedIn;
let unlisted = '';
let n = 0;
let address = 0;

type Caller = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const CALLERS = ['anonymous', 'seeker', 'admin', 'superadmin'] as const;

/** A new network address for each request that is not about the limits (the cms trusts this machine's forwarding). */
const fresh = () => ({ 'x-forwarded-for': `203.0.113.${++address % 250}` });
const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** A new approved listing (made by a superadmin). */
async function listing(): Promise<string> {
  const made = await api.post('/api/products', propertyAt(`Report Lane ${++n}, Osu`), {
    token: who.token.superadmin,
  });
  expect(made.status).toBe(201);
  return made.body._id as string;
}
const report = (
  id: string,
  body: unknown,
  options: { token?: string; headers?: Record<string, string> } = {},
) => api.post(`/api/products/${id}/reports`, body, { headers: fresh(), ...options });
const rowsOf = (propertyId: string) =>
  cms.strapi.db.query('api::report.report').findMany({ where: { propertyDocumentId: propertyId } });
/** The listing's stored mark: 3 while three or more addresses report it let, else 0. */
const letCount = async (propertyId: string) =>
  Number(
    (
      await cms.strapi.db
        .connection('properties')
        .where({ document_id: propertyId })
        .first('open_let_reports')
    ).open_let_reports,
  );
/** The catalogue's write version: raised by every write to properties, emptying every kept listing. */
const catalogueVersion = async () =>
  Number((await cms.strapi.db.connection('fie_catalogue_version').where({ id: 1 }).first('version')).version);
const clock = () => cms.strapi.plugin('platform').service('clock') as { offsetMs: number };
const staffList = (query: string, token = who.token.admin) => api.get(`/api/reports${query}`, { token });

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'reports.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
    boss: 'superadmin',
    gone: 'superadmin',
  });
  // A deactivated superadmin gets no staff e-mail.
  await cms.strapi.db
    .query('plugin::users-permissions.user')
    .update({ where: { documentId: who.id.gone }, data: { blocked: true } });
  const pending = await api.post('/api/products', propertyAt('Pending Road, Osu'), {
    token: who.token.admin,
  });
  expect(pending.body.approvalStatus).toBe('unapproved');
  unlisted = pending.body._id;
}, 180_000);
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(async () => {
  await mailSettled(cms);
  mail.clear();
});

describe('sending a report', () => {
  it('signed out: 201, kept open with its reason and details and no account', async () => {
    const id = await listing();
    // A report changes no page: it must not set off the content events that empty the site's cache.
    const events: string[] = [];
    const listen = (name: string) => (e: { uid?: string }) => {
      if (e.uid === 'api::report.report') events.push(name);
    };
    const onCreate = listen('entry.create');
    cms.strapi.eventHub.on('entry.create', onCreate);
    const res = await report(id, { reason: 'wrong-price', details: '  It is GH₵ 4,000 now.  ' });
    cms.strapi.eventHub.off('entry.create', onCreate);
    expect(events).toEqual([]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: REPORT_TEXT.sent, _id: expect.any(String) });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      documentId: res.body._id,
      reason: 'wrong-price',
      details: 'It is GH₵ 4,000 now.',
      status: 'open',
      reporterId: null,
      reporterEmail: null,
      propertyLabel: `House in Report Lane ${n}, Osu`,
    });
  });

  it('signed in: 201, with the account kept for staff; details may be left out', async () => {
    const id = await listing();
    const res = await report(id, { reason: 'wrong-photos' }, { token: who.token.seeker });
    expect(res.status).toBe(201);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ reason: 'wrong-photos', details: null, reporterEmail: who.email.seeker });
    const listed = await staffList('?status=open&pageSize=100');
    expect(listed.body.find((r: any) => r._id === res.body._id)).toMatchObject({
      reporterEmail: who.email.seeker,
      property: { _id: id, propertyType: 'House', location: `Report Lane ${n}, Osu`, listed: true },
    });
  });

  it('refuses bad input with a clear 400 and keeps nothing', async () => {
    const id = await listing();
    const cases: [unknown, string][] = [
      [{}, 'Choose why you are reporting this listing'],
      [
        { reason: 'spam' },
        'Reason must be one of: already-let, wrong-price, asked-to-pay, wrong-photos, other',
      ],
      [
        { reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) },
        `Details must be at most ${REPORT_DETAILS_MAX} characters`,
      ],
      [{ reason: 'other', details: 42 }, 'Details must be text'],
      [{ reason: 'other', status: 'resolved' }, 'A report holds only a reason and details'],
    ];
    for (const [body, message] of cases) {
      const res = await report(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await rowsOf(id)).toHaveLength(0);
    // Exactly the limit is fine.
    expect((await report(id, { reason: 'other', details: 'y'.repeat(REPORT_DETAILS_MAX) })).status).toBe(201);
  });

  it('takes JSON only: a form or plain text (what a page on another site can send) answers 415 and keeps nothing', async () => {
    const id = await listing();
    for (const [type, raw] of [
      ['application/x-www-form-urlencoded', 'reason=asked-to-pay&details=Pay+me+first'],
      ['text/plain', '{"reason":"asked-to-pay","details":"Pay me first"}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="reason"\r\n\r\nother\r\n--x--\r\n',
      ],
    ] as const) {
      const res = await api.post(`/api/products/${id}/reports`, undefined, {
        raw,
        headers: { ...fresh(), 'content-type': type, origin: 'https://evil.example' },
      });
      expect(res.status, type).toBe(415);
      expect(res.body.error.message).toBe('Please send the report as JSON (Content-Type: application/json).');
    }
    expect(await rowsOf(id)).toHaveLength(0);
    await mailSettled(cms);
    expect(mail.messages).toHaveLength(0);
  });

  it('answers 404 for an unknown or unlisted property', async () => {
    for (const id of ['nosuchproperty000', unlisted, 'Not An Id!']) {
      const res = await report(encodeURIComponent(id), { reason: 'already-let' });
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe('Property not found');
    }
    expect(await rowsOf(unlisted)).toHaveLength(0);
  });

  it('takes a report on a listing hidden for want of a confirmation: its page is still reachable', async () => {
    const id = await listing();
    await cms.strapi.db
      .connection('properties')
      .where({ document_id: id })
      .update({ availability_hidden: true });
    const res = await report(id, { reason: 'already-let' });
    expect(res.status).toBe(201);
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('limits one address on one listing to 2 a day', async () => {
    const id = await listing();
    const ip = '198.51.100.7';
    expect((await report(id, { reason: 'other' }, { headers: from(ip) })).status).toBe(201);
    expect((await report(id, { reason: 'wrong-price' }, { headers: from(ip) })).status).toBe(201);
    const third = await report(id, { reason: 'already-let' }, { headers: from(ip) });
    expect(third.status).toBe(429);
    // Still refused just before the day is over.
    clock().offsetMs = 23 * 3600 * 1000;
    try {
      expect((await report(id, { reason: 'already-let' }, { headers: from(ip) })).status).toBe(429);
    } finally {
      clock().offsetMs = 0;
    }
    expect(third.body.error.message).toBe(REPORT_TEXT.tooManyFromAddress);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect(await rowsOf(id)).toHaveLength(2);
    expect(await letCount(id)).toBe(0);
    // Another address may still report it.
    expect((await report(id, { reason: 'already-let' }, { headers: from('198.51.100.8') })).status).toBe(201);
    // A day later the first address may report it again.
    clock().offsetMs = 24 * 3600 * 1000 + 1000;
    try {
      expect((await report(id, { reason: 'already-let' }, { headers: from(ip) })).status).toBe(201);
    } finally {
      clock().offsetMs = 0;
    }
  });

  it('limits one address to 10 reports an hour over every listing', async () => {
    const ip = '198.51.100.9';
    const listings = [await listing(), await listing(), await listing(), await listing(), await listing()];
    for (const other of [...listings, ...listings]) {
      expect((await report(other, { reason: 'other' }, { headers: from(ip) })).status).toBe(201);
    }
    // A listing this address has not reported: refused by the limit on the address alone.
    const over = await report(await listing(), { reason: 'other' }, { headers: from(ip) });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(REPORT_TEXT.tooManyFromAddress);
  });

  it('limits one listing to 30 reports an hour from everyone', async () => {
    const id = await listing();
    for (let i = 0; i < 30; i += 1) expect((await report(id, { reason: 'other' })).status).toBe(201);
    const over = await report(id, { reason: 'other' });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(REPORT_TEXT.tooManyForListing);
    expect(await rowsOf(id)).toHaveLength(30);
  });
});

describe('who may list and decide reports', () => {
  let target = '';
  beforeAll(async () => {
    target = (await report(await listing(), { reason: 'other' })).body._id;
  });
  const tokenOf = (w: Caller) => (w === 'anonymous' ? undefined : who.token[w]);
  permissionTests(
    it,
    expect,
    [
      {
        route: 'GET /api/reports',
        call: (t) => api.get('/api/reports?status=open', { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
      },
      {
        route: 'PUT /api/reports/:id',
        call: (t) => api.put(`/api/reports/${target}`, { status: 'dismissed' }, { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
      },
    ],
    CALLERS,
    tokenOf,
  );

  it('a seeker or a visitor leaves the report as it was', async () => {
    const id = (await report(await listing(), { reason: 'other' })).body._id;
    expect((await api.put(`/api/reports/${id}`, { status: 'resolved' })).status).toBe(401);
    expect(
      (await api.put(`/api/reports/${id}`, { status: 'resolved' }, { token: who.token.seeker })).status,
    ).toBe(403);
    const row = await cms.strapi.db.query('api::report.report').findOne({ where: { documentId: id } });
    expect(row).toMatchObject({ status: 'open', actedAt: null, actedByEmail: null });
  });
});

describe('the staff list', () => {
  it('filters by status (open when not given), newest first, paged with X-Total-Count', async () => {
    const id = await listing();
    const first = (await report(id, { reason: 'wrong-price', details: 'First' })).body._id;
    const second = (await report(id, { reason: 'wrong-photos', details: 'Second' })).body._id;
    // (Another test made a report a day ahead by the moved clock: this listing's own, in order.)
    const open = await staffList('?pageSize=100', who.token.superadmin);
    expect(open.status).toBe(200);
    expect(open.body.filter((r: any) => r.property._id === id).map((r: any) => r._id)).toEqual([
      second,
      first,
    ]);
    expect(open.body.every((r: any) => r.status === 'open')).toBe(true);
    const times = open.body.map((r: any) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    const two = await staffList('?pageSize=2', who.token.superadmin);
    expect(two.body).toHaveLength(2);
    expect(two.body.map((r: any) => r._id)).toEqual(open.body.slice(0, 2).map((r: any) => r._id));
    const total = Number(open.headers.get('x-total-count'));
    const [{ n: openRows }] = await cms.strapi.db
      .connection('listing_reports')
      .where({ status: 'open' })
      .count({ n: '*' });
    expect(total).toBe(Number(openRows));
    expect(open.body.find((r: any) => r._id === second)).toMatchObject({
      reason: 'wrong-photos',
      details: 'Second',
      status: 'open',
      note: null,
      createdAt: expect.any(String),
      property: { _id: id, propertyType: 'House', listed: true },
    });

    expect(
      (await api.put(`/api/reports/${first}`, { status: 'resolved' }, { token: who.token.admin })).status,
    ).toBe(200);
    const resolved = await staffList('?status=resolved&pageSize=100');
    expect(resolved.body.map((r: any) => r._id)).toContain(first);
    expect(resolved.body.every((r: any) => r.status === 'resolved')).toBe(true);
    expect((await staffList('?status=open&pageSize=100')).body.map((r: any) => r._id)).not.toContain(first);
    const all = await staffList('?status=all&pageSize=1');
    expect(all.body).toHaveLength(1);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThan(total);

    const bad = await staffList('?status=closed');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Status must be one of: open, resolved, dismissed, all');
  });

  it('a deleted listing leaves its reports readable, marked no longer listed', async () => {
    const id = await listing();
    const made = (await report(id, { reason: 'already-let' })).body._id;
    expect((await api.call('DELETE', `/api/products/${id}`, { token: who.token.superadmin })).status).toBe(
      200,
    );
    const item = (await staffList('?status=open&pageSize=100')).body.find((r: any) => r._id === made);
    expect(item.property).toMatchObject({ _id: id, listed: false, label: `House in Report Lane ${n}, Osu` });
  });
});

describe('resolving and dismissing', () => {
  it('keeps the decision, the note, who and when, and writes an audit entry', async () => {
    const id = await listing();
    const made = (await report(id, { reason: 'wrong-price' })).body._id;
    const res = await api.put(
      `/api/reports/${made}`,
      { status: 'resolved', note: '  Price corrected with the landlord. ' },
      { token: who.token.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: made,
      status: 'resolved',
      note: 'Price corrected with the landlord.',
      actedByEmail: who.email.admin,
      actedAt: expect.any(String),
    });
    const log = await api.get('/api/audit?pageSize=100', { token: who.token.superadmin });
    const entry = log.body.find((e: any) => e.resource.type === 'report' && e.resource.id === made);
    expect(entry).toMatchObject({
      user: { email: who.email.admin, role: 'admin' },
      action: 'status-changed',
      detail: 'open → resolved',
      resource: { label: `House in Report Lane ${n}, Osu` },
    });
  });

  it('refuses anything but resolved or dismissed, extra fields and unknown reports', async () => {
    const made = (await report(await listing(), { reason: 'other' })).body._id;
    const cases: [unknown, string][] = [
      [{ status: 'open' }, 'Status must be one of: resolved, dismissed'],
      [{}, 'Choose resolved or dismissed'],
      [{ status: 'resolved', note: 'n'.repeat(1001) }, 'The note must be at most 1000 characters'],
      [{ status: 'resolved', reason: 'other' }, 'Only status and note can be changed'],
    ];
    for (const [body, message] of cases) {
      const res = await api.put(`/api/reports/${made}`, body, { token: who.token.admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const row = await cms.strapi.db.query('api::report.report').findOne({ where: { documentId: made } });
    expect(row.status).toBe('open');
    const missing = await api.put(
      '/api/reports/nosuchreport000',
      { status: 'resolved' },
      { token: who.token.admin },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(REPORT_TEXT.notFound);
  });
});

describe('the listing\'s count of open "already let" reports', () => {
  it('counts open already-let reports only, and follows staff decisions', async () => {
    const id = await listing();
    expect(await letCount(id)).toBe(0);
    const made: string[] = [];
    const status = async () => (await api.get(`/api/products/${id}`)).body.availabilityStatus;
    made.push((await report(id, { reason: 'already-let' })).body._id);
    // Below the mark a report writes nothing to the listing, so the catalogue's kept answers stay.
    const before = await catalogueVersion();
    made.push((await report(id, { reason: 'already-let' })).body._id);
    expect(await catalogueVersion()).toBe(before);
    expect(await letCount(id)).toBe(0);
    expect(await status()).toBe('confirmed');
    made.push((await report(id, { reason: 'already-let' })).body._id);
    expect(await catalogueVersion()).toBeGreaterThan(before);
    expect(await letCount(id)).toBe(3);
    // Three open "already let" reports: "May no longer be available" until staff act.
    expect(await status()).toBe('unconfirmed');
    // Other reasons do not count, and a fourth reporter changes nothing on the listing.
    const marked = await catalogueVersion();
    for (const reason of ['wrong-price', 'wrong-photos', 'other']) await report(id, { reason });
    expect(await letCount(id)).toBe(3);
    made.push((await report(id, { reason: 'already-let' })).body._id);
    expect(await catalogueVersion()).toBe(marked);
    expect(await letCount(id)).toBe(3);
    // The listing's answer keeps the count to itself.
    const page = await api.get(`/api/products/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toHaveProperty('openLetReports');

    // Four reporters: one decision leaves three, still marked; the next takes the mark off.
    expect(
      (await api.put(`/api/reports/${made[0]}`, { status: 'resolved' }, { token: who.token.admin })).status,
    ).toBe(200);
    expect(await letCount(id)).toBe(3);
    expect(await status()).toBe('unconfirmed');
    expect(
      (await api.put(`/api/reports/${made[1]}`, { status: 'dismissed' }, { token: who.token.superadmin }))
        .status,
    ).toBe(200);
    expect(await letCount(id)).toBe(0);
    expect(await status()).toBe('confirmed');
  });

  it('counts reporters, not reports: one address cannot mark a listing alone', async () => {
    const id = await listing();
    const ip = '198.51.100.20';
    const status = async () => (await api.get(`/api/products/${id}`)).body.availabilityStatus;
    expect((await report(id, { reason: 'already-let' }, { headers: from(ip) })).status).toBe(201);
    expect((await report(id, { reason: 'already-let' }, { headers: from(ip) })).status).toBe(201);
    // The next day, once its daily limit is over, the same address reports it a third time.
    clock().offsetMs = 24 * 3600 * 1000 + 1000;
    try {
      expect((await report(id, { reason: 'already-let' }, { headers: from(ip) })).status).toBe(201);
    } finally {
      clock().offsetMs = 0;
    }
    expect(await rowsOf(id)).toHaveLength(3);
    expect(await letCount(id)).toBe(0);
    expect(await status()).toBe('confirmed');
    // Each report keeps a hash of its address, never the address: the same for the same address.
    const hashes = (await rowsOf(id)).map((r: any) => r.reporterHash as string);
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = JSON.stringify(
      await cms.strapi.db.connection('listing_reports').where({ property_document_id: id }),
    );
    expect(stored).not.toContain(ip);
    // Two more addresses make three reporters.
    expect((await report(id, { reason: 'already-let' }, { headers: from('198.51.100.21') })).status).toBe(
      201,
    );
    expect(await letCount(id)).toBe(0);
    expect(
      (
        await report(
          id,
          { reason: 'already-let' },
          { token: who.token.seeker, headers: from('198.51.100.22') },
        )
      ).status,
    ).toBe(201);
    expect(new Set((await rowsOf(id)).map((r: any) => r.reporterHash)).size).toBe(3);
    expect(await letCount(id)).toBe(3);
    expect(await status()).toBe('unconfirmed');
  });

  it('counts an IPv6 network by its /64: three addresses of one /64 are one reporter', async () => {
    const id = await listing();
    // Three addresses of one subscriber's /64, forwarded as the site forwards them. The network's daily
    // limit on one listing (2) refuses the third at once; the next day it is taken, and still one reporter.
    expect((await report(id, { reason: 'already-let' }, { headers: from('2001:db8:1:2::1') })).status).toBe(
      201,
    );
    expect((await report(id, { reason: 'already-let' }, { headers: from('2001:db8:1:2::2') })).status).toBe(
      201,
    );
    const third = () =>
      report(id, { reason: 'already-let' }, { headers: from('2001:db8:1:2:ffff:ffff:ffff:3') });
    expect((await third()).status).toBe(429);
    clock().offsetMs = 24 * 3600 * 1000 + 1000;
    try {
      expect((await third()).status).toBe(201);
    } finally {
      clock().offsetMs = 0;
    }
    expect(await rowsOf(id)).toHaveLength(3);
    expect(new Set((await rowsOf(id)).map((r: any) => r.reporterHash)).size).toBe(1);
    expect(await letCount(id)).toBe(0);
    expect((await api.get(`/api/products/${id}`)).body.availabilityStatus).toBe('confirmed');
    // Other /64s are other reporters, whatever the address's spelling (a zero-padded group, an IPv4 one).
    expect((await report(id, { reason: 'already-let' }, { headers: from('2001:db8:1:3::1') })).status).toBe(
      201,
    );
    expect(
      (await report(id, { reason: 'already-let' }, { headers: from('2001:0db8:0001:0004::9') })).status,
    ).toBe(201);
    expect(new Set((await rowsOf(id)).map((r: any) => r.reporterHash)).size).toBe(3);
    expect(await letCount(id)).toBe(3);
    // An IPv4 address is still itself: its neighbour is another reporter.
    const other = await listing();
    for (const ip of ['198.51.100.60', '198.51.100.61', '198.51.100.62'])
      expect((await report(other, { reason: 'already-let' }, { headers: from(ip) })).status).toBe(201);
    expect(await letCount(other)).toBe(3);
  });

  it('counts only reports made since the listing was last confirmed available', async () => {
    const id = await listing();
    await report(id, { reason: 'already-let' });
    await report(id, { reason: 'already-let' });
    await report(id, { reason: 'already-let' });
    expect(await letCount(id)).toBe(3);
    // Staff confirm it is still available: the reports before it no longer count.
    const confirmed = await api.put(
      `/api/products/${id}/confirm-availability`,
      {},
      { token: who.token.admin },
    );
    expect(confirmed.status).toBe(200);
    expect(await letCount(id)).toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    // Two more reporters: with the three before, five, but only two since the confirmation.
    await report(id, { reason: 'already-let' });
    await report(id, { reason: 'already-let' });
    expect(await letCount(id)).toBe(0);
    // Resolving one of the reports from before the confirmation changes nothing.
    const [before] = (await rowsOf(id)).sort((a: any, b: any) => a.id - b.id);
    expect(
      (await api.put(`/api/reports/${before.documentId}`, { status: 'resolved' }, { token: who.token.admin }))
        .status,
    ).toBe(200);
    expect(await letCount(id)).toBe(0);
    // A third reporter since the confirmation marks it again.
    await report(id, { reason: 'already-let' });
    expect(await letCount(id)).toBe(3);
  });
});

describe('"asked me to pay to view"', () => {
  it('is e-mailed at once to the active superadmins only, with the listing and the details', async () => {
    const id = await listing();
    const res = await report(id, {
      reason: 'asked-to-pay',
      details: 'A man asked for GH₵ 200 <cash> first.',
    });
    expect(res.status).toBe(201);
    await mailSettled(cms);
    const sent = mail.messages.filter((m) => /asked to pay to view/.test(m.subject));
    const to = sent.flatMap((m) => m.to).sort();
    expect(to).toEqual([who.email.boss, who.email.superadmin].sort());
    expect(sent[0]!.subject).toContain(`House in Report Lane ${n}, Osu`);
    expect(sent[0]!.html).toContain('A man asked for GH₵ 200 &lt;cash&gt; first.');
    expect(sent[0]!.html).toContain(`/property/${id}`);
    expect(sent[0]!.html).toContain('/admin/reports');
  });

  it('is e-mailed once per listing in 6 hours; another listing is e-mailed as usual', async () => {
    const id = await listing();
    const other = await listing();
    const asked = () => mail.messages.filter((m) => /asked to pay to view/.test(m.subject));
    expect((await report(id, { reason: 'asked-to-pay', details: 'First' })).status).toBe(201);
    await mailSettled(cms);
    expect(asked()).toHaveLength(2);
    expect(asked()[0]!.html).toContain('in the next 6 hours are not e-mailed');
    mail.clear();
    // Another report on the same listing, just before the window ends: kept, but no e-mail.
    clock().offsetMs = 6 * 3600 * 1000 - 60_000;
    try {
      const again = await report(id, { reason: 'asked-to-pay', details: 'Second' });
      expect(again.status).toBe(201);
      await mailSettled(cms);
      expect(mail.messages).toHaveLength(0);
      expect((await rowsOf(id)).map((r: any) => r.details).sort()).toEqual(['First', 'Second']);
      // The same reason on another listing still reaches the superadmins.
      expect((await report(other, { reason: 'asked-to-pay' })).status).toBe(201);
      await mailSettled(cms);
      expect(
        asked()
          .flatMap((m) => m.to)
          .sort(),
      ).toEqual([who.email.boss, who.email.superadmin].sort());
      expect(asked()[0]!.subject).toContain(`House in Report Lane ${n}, Osu`);
      mail.clear();
    } finally {
      clock().offsetMs = 0;
    }
    // Once the window is over, the first listing's next report is e-mailed again.
    clock().offsetMs = 6 * 3600 * 1000 + 1000;
    try {
      expect((await report(id, { reason: 'asked-to-pay', details: 'Third' })).status).toBe(201);
      await mailSettled(cms);
      expect(asked()).toHaveLength(2);
      expect(asked()[0]!.html).toContain('Third');
    } finally {
      clock().offsetMs = 0;
    }
  });

  it('other reasons send no e-mail', async () => {
    const id = await listing();
    for (const reason of ['already-let', 'wrong-price', 'wrong-photos', 'other'])
      expect((await report(id, { reason })).status).toBe(201);
    await mailSettled(cms);
    expect(mail.messages).toHaveLength(0);
  });
});
