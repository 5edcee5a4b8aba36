// Conversations: each enquiry and viewing has a thread between its seeker and staff. Seekers read and
// write their own only (someone else's answers 404, as a missing one does); staff read and write every
// thread, assign it to a colleague, and a staff message that asks for money before a viewing is held
// until a second member of staff sends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableDates, dailySlots, THREAD_MESSAGE_MAX, THREAD_TEXT } from '@fie/domain';
import { MONEY_WARNING as MONEY_WARNING_TEXT } from '@fie/domain/message-guard';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, permissionTests, signInAccounts, type SignedIn } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';
import { createHmac } from 'node:crypto';

const PURGE_TOKEN = 'threads-test-purge-token';
let cms: TestCms;
let api: ReturnType<typeof client>;
let who: SignedIn;
let propertyId = '';
let enquiryId = '';
let staffEnquiryId = '';
let appointmentId = '';

type Caller = 'anonymous' | 'seeker' | 'other' | 'admin' | 'superadmin';
const CALLERS = ['anonymous', 'seeker', 'other', 'admin', 'superadmin'] as const;
const tokenOf = (c: Caller) => (c === 'anonymous' ? undefined : who.token[c]);
const post = (path: string, text: unknown, token?: string) => api.post(path, { text }, { token });

beforeAll(async () => {
  cms = await startCms({ env: { CACHE_PURGE_TOKEN: PURGE_TOKEN } });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'threads.example.com', {
    seeker: 'authenticated',
    other: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  const made = await api.post(
    '/api/products',
    propertyAt('Thread Street 1, Osu', { advanceMonths: 12, agencyFeePercent: 10 }),
    { token: who.token.superadmin },
  );
  expect(made.status).toBe(201);
  propertyId = made.body._id;
  const enquiry = await api.post(
    '/api/enquiries',
    { name: 'Ama Seeker', phoneNumber: ['0241234567'], message: 'Is it still free?', product: propertyId },
    { token: who.token.seeker },
  );
  expect(enquiry.status).toBe(201);
  enquiryId = enquiry.body._id;
  // A walk-in client's enquiry, recorded by staff: no seeker account to write to.
  const walkIn = await api.post(
    '/api/enquiries',
    { name: 'Walk In', phoneNumber: ['0201234567'], message: 'Looking for land' },
    { token: who.token.admin },
  );
  staffEnquiryId = walkIn.body._id;
  const date = bookableDates(new Date())[3]!;
  const booked = await api.post(
    `/api/appointments/book/${propertyId}`,
    { date, time: dailySlots()[2], comments: '' },
    { token: who.token.seeker },
  );
  expect(booked.status).toBe(201);
  appointmentId = booked.body._id;
}, 180_000);
afterAll(async () => {
  await cms?.stop();
});

describe('who may use which thread route', () => {
  // The seeker's own subject: the other seeker is answered as if it did not exist.
  const theirs = () => `/api/enquiries/${enquiryId}/messages`;
  const viewing = () => `/api/appointments/${appointmentId}/messages`;
  permissionTests(
    it,
    expect,
    [
      {
        route: 'GET /api/enquiries/:id/messages',
        call: (t) => api.get(theirs(), { token: t }),
        expect: { anonymous: 401, seeker: 200, other: 404, admin: 200, superadmin: 200 },
      },
      {
        route: 'POST /api/enquiries/:id/messages',
        call: (t) => post(theirs(), 'Hello', t),
        expect: { anonymous: 401, seeker: 201, other: 404, admin: 201, superadmin: 201 },
      },
      {
        route: 'GET /api/appointments/:id/messages',
        call: (t) => api.get(viewing(), { token: t }),
        expect: { anonymous: 401, seeker: 200, other: 404, admin: 200, superadmin: 200 },
      },
      {
        route: 'POST /api/appointments/:id/messages',
        call: (t) => post(viewing(), 'See you then', t),
        expect: { anonymous: 401, seeker: 201, other: 404, admin: 201, superadmin: 201 },
      },
      {
        route: 'GET /api/threads',
        call: (t) => api.get('/api/threads', { token: t }),
        expect: { anonymous: 401, seeker: 200, other: 200, admin: 200, superadmin: 200 },
      },
      {
        route: 'PUT /api/threads/:kind/:id',
        call: (t) => api.put(`/api/threads/enquiry/${enquiryId}`, { assignee: null }, { token: t }),
        expect: { anonymous: 401, seeker: 403, other: 403, admin: 200, superadmin: 200 },
      },
      {
        route: 'POST /api/threads/messages/:id/review',
        call: (t) =>
          api.post('/api/threads/messages/nosuchmessage/review', { decision: 'send' }, { token: t }),
        expect: { anonymous: 401, seeker: 403, other: 403, admin: 404, superadmin: 404 },
      },
    ],
    CALLERS,
    tokenOf,
  );
});

describe('a thread between a seeker and staff', () => {
  it('a guessed or unknown id is not found, the same as another seeker’s', async () => {
    for (const id of ['nosuchenquiry', 'a'.repeat(24), '../../etc', enquiryId.toUpperCase()]) {
      const res = await api.get(`/api/enquiries/${encodeURIComponent(id)}/messages`, {
        token: who.token.seeker,
      });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(THREAD_TEXT.enquiryNotFound);
    }
    const theirs = await api.get(`/api/enquiries/${enquiryId}/messages`, { token: who.token.other });
    expect(theirs.body.error.message).toBe(THREAD_TEXT.enquiryNotFound);
    const write = await post(`/api/appointments/${appointmentId}/messages`, 'let me in', who.token.other);
    expect(write.status).toBe(404);
    expect(write.body.error.message).toBe(THREAD_TEXT.appointmentNotFound);
  });

  it('the seeker asks, staff reply, and each side sees the other’s message in order with its author', async () => {
    const path = `/api/enquiries/${enquiryId}/messages`;
    const asked = await post(path, 'Can I see it on Saturday morning?', who.token.seeker);
    expect(asked.status).toBe(201);
    expect(asked.body.message).toMatchObject({ from: 'seeker', mine: true, status: 'sent', flagged: false });
    const replied = await post(path, 'Yes, 10:00 works. Details: https://example.org/x', who.token.admin);
    expect(replied.status).toBe(201);
    expect(replied.body.message.seq).toBe(asked.body.message.seq + 1);

    const seen = await api.get(path, { token: who.token.seeker });
    expect(seen.status).toBe(200);
    expect(seen.body.property._id).toBe(propertyId);
    expect(seen.body).not.toHaveProperty('seeker');
    expect(seen.body).not.toHaveProperty('held');
    const last = seen.body.messages.at(-1);
    expect(last).toMatchObject({ from: 'staff', mine: false, author: 'admin' });
    // Another site's address is text with its domain, never a link.
    expect(last.parts).toContainEqual({
      type: 'outside-link',
      text: 'https://example.org/x',
      domain: 'example.org',
    });
    const seqs = seen.body.messages.map((m: { seq: number }) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    // Staff see who the seeker is.
    const staffView = await api.get(path, { token: who.token.superadmin });
    expect(staffView.body.seeker).toEqual({ _id: who.id.seeker, name: 'seeker' });
    // ... and whom they may assign it to: staff only.
    expect(staffView.body.colleagues).toEqual(
      expect.arrayContaining([
        { _id: who.id.admin, name: 'admin' },
        { _id: who.id.superadmin, name: 'superadmin' },
      ]),
    );
    expect(staffView.body.colleagues.map((c: { _id: string }) => c._id)).not.toContain(who.id.seeker);
  });

  it('bad messages get a clear 400 and write nothing', async () => {
    const path = `/api/enquiries/${enquiryId}/messages`;
    const before = await cms.strapi.db.connection('thread_messages').count({ n: '*' });
    const cases: [unknown, string][] = [
      ['', THREAD_TEXT.textRequired],
      ['   ', THREAD_TEXT.textRequired],
      ['x'.repeat(THREAD_MESSAGE_MAX + 1), THREAD_TEXT.textTooLong],
      [42, THREAD_TEXT.textRequired],
    ];
    for (const [text, message] of cases) {
      const res = await post(path, text, who.token.seeker);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const extra = await api.post(path, { text: 'hi', status: 'sent' }, { token: who.token.seeker });
    expect(extra.status).toBe(400);
    const form = await api.call('POST', path, {
      raw: 'text=hi',
      token: who.token.seeker,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const nul = await api.call('POST', path, { raw: '{"text":"a\\u0000b"}', token: who.token.seeker });
    expect(nul.status).toBe(400);
    const badBefore = await api.get(`${path}?before=-1`, { token: who.token.seeker });
    expect(badBefore.status).toBe(400);
    expect(await cms.strapi.db.connection('thread_messages').count({ n: '*' })).toEqual(before);
  });

  it('a thread needs a seeker account: a walk-in client’s enquiry answers 409', async () => {
    const res = await post(`/api/enquiries/${staffEnquiryId}/messages`, 'Hello', who.token.admin);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(THREAD_TEXT.noSeekerAccount);
  });
});

describe('the scam guard in a thread', () => {
  it('a seeker’s request for money is sent with the warning both sides see', async () => {
    const path = `/api/appointments/${appointmentId}/messages`;
    const res = await post(
      path,
      'The agent said send the viewing fee to 0244123456 first?',
      who.token.seeker,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({ status: 'sent', flagged: true, warning: MONEY_WARNING_TEXT });
    for (const t of [who.token.seeker, who.token.admin]) {
      const seen = await api.get(path, { token: t });
      expect(seen.body.messages.at(-1)).toMatchObject({ flagged: true, warning: MONEY_WARNING_TEXT });
    }
  });

  it('the listing’s own stated costs are not flagged', async () => {
    const res = await post(
      `/api/enquiries/${enquiryId}/messages`,
      'The advance is 12 months and you pay the advance first, then sign. The agency fee is 10%.',
      who.token.admin,
    );
    expect(res.body.message).toMatchObject({ status: 'sent', flagged: false, warning: null });
  });

  it('a staff member’s request is held, unseen by the seeker, until a second member of staff sends it', async () => {
    const path = `/api/enquiries/${enquiryId}/messages`;
    const res = await post(path, 'Before the viewing, pay GHS 200 to my MoMo 0551234567.', who.token.admin);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      notice: THREAD_TEXT.heldForApproval,
      message: { status: 'held', seq: null },
    });
    const id = res.body.message._id as string;

    const seeker = await api.get(path, { token: who.token.seeker });
    expect(seeker.body.messages.map((m: { _id: string }) => m._id)).not.toContain(id);
    const staff = await api.get(path, { token: who.token.superadmin });
    expect(staff.body.held.map((m: { _id: string }) => m._id)).toEqual([id]);

    // Its author may not send it.
    const self = await api.post(
      `/api/threads/messages/${id}/review`,
      { decision: 'send' },
      { token: who.token.admin },
    );
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(THREAD_TEXT.secondStaffMember);
    const bad = await api.post(
      `/api/threads/messages/${id}/review`,
      { decision: 'maybe' },
      { token: who.token.superadmin },
    );
    expect(bad.status).toBe(400);

    const sent = await api.post(
      `/api/threads/messages/${id}/review`,
      { decision: 'send' },
      { token: who.token.superadmin },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ status: 'sent', flagged: true, warning: MONEY_WARNING_TEXT });
    const again = await api.post(
      `/api/threads/messages/${id}/review`,
      { decision: 'decline' },
      { token: who.token.superadmin },
    );
    expect(again.status).toBe(409);
    const now = await api.get(path, { token: who.token.seeker });
    expect(now.body.messages.at(-1)).toMatchObject({ _id: id, seq: sent.body.message.seq, flagged: true });

    // Held, then approved: both in the staff audit trail with who did it.
    const audit = await cms.strapi.db
      .connection('audit_entries')
      .whereIn('action', ['message-held', 'message-approved'])
      .andWhere('resource_id', enquiryId)
      .select('action', 'actor_email');
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'message-held', actor_email: who.email.admin },
        { action: 'message-approved', actor_email: who.email.superadmin },
      ]),
    );
  });

  it('a declined message is never shown to the seeker', async () => {
    const path = `/api/enquiries/${enquiryId}/messages`;
    const res = await post(path, 'There is a viewing fee of 100 cedis.', who.token.superadmin);
    const id = res.body.message._id as string;
    const declined = await api.post(
      `/api/threads/messages/${id}/review`,
      { decision: 'decline' },
      { token: who.token.admin },
    );
    expect(declined.status).toBe(200);
    expect(declined.body.message.status).toBe('declined');
    const seeker = await api.get(path, { token: who.token.seeker });
    expect(seeker.body.messages.map((m: { _id: string }) => m._id)).not.toContain(id);
    const staff = await api.get(path, { token: who.token.admin });
    expect(staff.body.held).toEqual([]);
  });
});

describe('the inbox, unread counts and assignment', () => {
  it('a seeker’s inbox holds their threads only, newest activity first, with unread counts', async () => {
    const path = `/api/appointments/${appointmentId}/messages`;
    await api.get(path, { token: who.token.seeker });
    await post(path, 'We will meet you at the gate.', who.token.admin);
    await post(path, 'Bring your ID, please.', who.token.superadmin);
    const inbox = await api.get('/api/threads', { token: who.token.seeker });
    expect(inbox.status).toBe(200);
    expect(inbox.body[0]).toMatchObject({
      kind: 'appointment',
      id: appointmentId,
      unread: 2,
      lastMessage: { text: 'Bring your ID, please.', from: 'staff' },
    });
    expect(inbox.headers.get('x-unread-count')).toBe('1');
    expect(inbox.body.map((t: { id: string }) => t.id).sort()).toEqual([appointmentId, enquiryId].sort());
    // Reading it marks it read.
    await api.get(path, { token: who.token.seeker });
    const after = await api.get('/api/threads', { token: who.token.seeker });
    expect(after.body[0].unread).toBe(0);
    expect(after.headers.get('x-unread-count')).toBe('0');
    // The other seeker has no threads.
    const other = await api.get('/api/threads', { token: who.token.other });
    expect(other.body).toEqual([]);
    expect(other.headers.get('x-total-count')).toBe('0');
  });

  it('staff share one inbox: a seeker’s new message is unread until a colleague reads it', async () => {
    const path = `/api/enquiries/${enquiryId}/messages`;
    await post(path, 'Thank you! Is parking included?', who.token.seeker);
    const unread = await api.get('/api/threads?unread=1', { token: who.token.admin });
    expect(unread.body.map((t: { id: string }) => t.id)).toContain(enquiryId);
    expect(unread.body.find((t: { id: string }) => t.id === enquiryId)).toMatchObject({
      unread: 1,
      seeker: { _id: who.id.seeker },
    });
    await api.get(path, { token: who.token.superadmin });
    const read = await api.get('/api/threads?unread=1', { token: who.token.admin });
    expect(read.body.map((t: { id: string }) => t.id)).not.toContain(enquiryId);
    expect((await api.get('/api/threads?assignee=someone', { token: who.token.admin })).status).toBe(400);
  });

  it('staff assign a thread to a colleague, and to nobody; only staff may be assignees', async () => {
    const assign = (assignee: unknown, token = who.token.admin) =>
      api.put(`/api/threads/enquiry/${enquiryId}`, { assignee }, { token });
    const given = await assign(who.id.superadmin);
    expect(given.status).toBe(200);
    expect(given.body.assignee).toEqual({ _id: who.id.superadmin, name: 'superadmin' });
    const mine = await api.get('/api/threads?assignee=me', { token: who.token.superadmin });
    expect(mine.body.map((t: { id: string }) => t.id)).toEqual([enquiryId]);
    const seen = await api.get(`/api/enquiries/${enquiryId}/messages`, { token: who.token.seeker });
    expect(seen.body.assignee).toEqual({ _id: who.id.superadmin, name: 'superadmin' });

    const seeker = await assign(who.id.seeker);
    expect(seeker.status).toBe(400);
    expect(seeker.body.error.message).toBe(THREAD_TEXT.assigneeNotStaff);
    expect((await assign('nosuchaccount')).body.error.message).toBe(THREAD_TEXT.assigneeNotFound);
    expect((await assign(42)).status).toBe(400);
    expect(
      (await api.put(`/api/threads/deal/${enquiryId}`, { assignee: null }, { token: who.token.admin }))
        .status,
    ).toBe(404);
    const cleared = await assign(null);
    expect(cleared.body.assignee).toBeNull();
    const entries = await cms.strapi.db
      .connection('audit_entries')
      .where({ action: 'assigned' })
      .select('detail');
    expect(entries.map((e: { detail: string }) => e.detail)).toEqual(
      expect.arrayContaining(['To superadmin', 'To nobody']),
    );
  });
});

describe('the session cookie of the conversation pages', () => {
  it('sign-in sends it to /api and to the conversation pages in each language only; sign-out clears them all', async () => {
    const login = await fetch(`${cms.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: who.email.seeker, password: 'GoodPass123' }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().filter((c) => c.startsWith('fie_refresh='));
    const paths = cookies.map((c) => /;\s*path=([^;]+)/i.exec(c)?.[1]).sort();
    expect(paths).toEqual(['/api', '/es/messages', '/fr/messages', '/messages']);
    for (const c of cookies) expect(c.toLowerCase()).toContain('httponly');
    const value = cookies[0]!.split(';')[0]!.slice('fie_refresh='.length);
    expect(new Set(cookies.map((c) => c.split(';')[0]))).toEqual(new Set([`fie_refresh=${value}`]));

    // The page's server turns it into an access token, as the browser's refresh does.
    const refreshed = await api.post('/api/refresh', undefined, { cookie: value });
    expect(refreshed.status).toBe(200);
    const read = await api.get(`/api/enquiries/${enquiryId}/messages`, { token: refreshed.body.token });
    expect(read.status).toBe(200);

    const logout = await fetch(`${cms.url}/api/logout`, {
      method: 'POST',
      headers: { cookie: `fie_refresh=${value}` },
    });
    expect(logout.status).toBe(200);
    const cleared = logout.headers.getSetCookie().filter((c) => c.startsWith('fie_refresh=;'));
    expect(cleared.map((c) => /;\s*path=([^;]+)/i.exec(c)?.[1]).sort()).toEqual([
      '/api',
      '/es/messages',
      '/fr/messages',
      '/messages',
    ]);
    expect((await api.post('/api/refresh', undefined, { cookie: value })).status).toBe(401);
  });
});

describe('the live stream of events the site follows', () => {
  const key = createHmac('sha256', PURGE_TOKEN).update('fie:thread-events').digest('base64url');

  /** Reads the stream's events (`id` and JSON data) until `count` have come. */
  async function readEvents(res: Response, count: number) {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: { id: number; data: Record<string, unknown> }[] = [];
    let text = '';
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data) events.push({ id: Number(id), data: JSON.parse(data) });
      }
    }
    await reader.cancel();
    return events;
  }

  it('is the site’s alone: without its key, or with another, it answers 403', async () => {
    const tries: Record<string, string>[] = [
      {},
      { 'x-fie-stream-key': 'guess' },
      { 'x-fie-stream-key': key.slice(1) + 'x' },
    ];
    for (const headers of tries) {
      expect((await api.get('/api/threads/internal/stream', { headers })).status).toBe(403);
      expect((await api.get('/api/threads/internal/events?after=0', { headers })).status).toBe(403);
    }
    // A seeker's token is not the key either.
    expect((await api.get('/api/threads/internal/events?after=0', { token: who.token.admin })).status).toBe(
      403,
    );
  });

  it('carries each message sent, in order, and a reconnect after an event id loses nothing', async () => {
    const first = await fetch(`${cms.url}/api/threads/internal/stream`, {
      headers: { 'x-fie-stream-key': key },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/event-stream');
    const path = `/api/appointments/${appointmentId}/messages`;
    const texts = ['one', 'two', 'three', 'four', 'five'];
    const reading = readEvents(first, 3);
    for (const text of texts) await post(path, text, who.token.seeker);
    const live = await reading;
    expect(live.map((e) => e.data)).toEqual(
      [0, 1, 2].map(() =>
        expect.objectContaining({ kind: 'appointment', subject: appointmentId, from: 'seeker' }),
      ),
    );
    const seqs = live.map((e) => e.data.seq as number);
    expect(seqs).toEqual([seqs[0]!, seqs[0]! + 1, seqs[0]! + 2]);

    // Reconnecting after the third event's id gives the fourth and fifth, then goes on live.
    const again = await fetch(`${cms.url}/api/threads/internal/stream?after=${live[2]!.id}`, {
      headers: { 'x-fie-stream-key': key },
    });
    const rest = readEvents(again, 3);
    await post(path, 'six', who.token.admin);
    const more = await rest;
    expect(more.map((e) => e.data.seq)).toEqual([seqs[0]! + 3, seqs[0]! + 4, seqs[0]! + 5]);
    expect(more.map((e) => e.data.from)).toEqual(['seeker', 'seeker', 'staff']);
    expect(more.map((e) => e.id)).toEqual([...more.map((e) => e.id)].sort((a, b) => a - b));

    // A browser's reconnect: a seeker's events only, from its last id.
    const seekerId = (await api.get('/api/threads/identity', { token: who.token.seeker })).body;
    expect(seekerId).toEqual({ user: expect.any(Number), staff: false });
    expect((await api.get('/api/threads/identity', { token: who.token.admin })).body.staff).toBe(true);
    expect((await api.get('/api/threads/identity')).status).toBe(401);
    const replay = await api.get(
      `/api/threads/internal/events?after=${live[0]!.id}&seeker=${seekerId.user}`,
      {
        headers: { 'x-fie-stream-key': key },
      },
    );
    // Every later event of the seeker's own thread, staff's reply included.
    expect(replay.body.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5].map((i) => seqs[0]! + i));
    const nobody = await api.get(`/api/threads/internal/events?after=0&seeker=999999`, {
      headers: { 'x-fie-stream-key': key },
    });
    expect(nobody.body).toEqual([]);
    expect(
      (await api.get('/api/threads/internal/events?after=x', { headers: { 'x-fie-stream-key': key } }))
        .status,
    ).toBe(400);
  });

  it('a held message makes no event until a colleague sends it', async () => {
    const path = `/api/enquiries/${enquiryId}/messages`;
    const before = await api.get('/api/threads/internal/events?after=0', {
      headers: { 'x-fie-stream-key': key },
    });
    const newest = Math.max(0, ...before.body.map((e: { id: number }) => e.id));
    const held = await post(path, 'Pay the viewing fee first.', who.token.admin);
    const none = await api.get(`/api/threads/internal/events?after=${newest}`, {
      headers: { 'x-fie-stream-key': key },
    });
    expect(none.body).toEqual([]);
    await api.post(
      `/api/threads/messages/${held.body.message._id}/review`,
      { decision: 'send' },
      { token: who.token.superadmin },
    );
    const one = await api.get(`/api/threads/internal/events?after=${newest}`, {
      headers: { 'x-fie-stream-key': key },
    });
    expect(one.body).toEqual([
      expect.objectContaining({ kind: 'enquiry', subject: enquiryId, from: 'staff' }),
    ]);
  });
});

describe('the conversations as records', () => {
  it('a seeker downloads their own conversations as JSON and as a page; nobody else gets them', async () => {
    const json = await api.get('/api/threads/export', { token: who.token.seeker });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(
      /^attachment; filename="fie-homes-conversations-.*\.json"$/,
    );
    const ids = json.body.threads.map((t: { id: string }) => t.id).sort();
    expect(ids).toEqual([appointmentId, enquiryId].sort());
    const enquiry = json.body.threads.find((t: { id: string }) => t.id === enquiryId);
    expect(enquiry.messages[0]).toEqual({
      from: 'seeker',
      author: 'seeker',
      text: 'Hello',
      sentAt: expect.any(String),
    });
    // Declined and held messages are not the seeker's record.
    expect(enquiry.messages.map((m: { text: string }) => m.text)).not.toContain(
      'There is a viewing fee of 100 cedis.',
    );

    const page = await api.get('/api/threads/export?format=html', { token: who.token.seeker });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>My conversations with Fie Homes</h1>');
    expect(page.body).toContain('Can I see it on Saturday morning?');

    expect((await api.get('/api/threads/export', { token: who.token.other })).body.threads).toEqual([]);
    expect((await api.get('/api/threads/export', { token: who.token.admin })).status).toBe(403);
    expect((await api.get('/api/threads/export')).status).toBe(401);
    expect((await api.get('/api/threads/export?format=pdf', { token: who.token.seeker })).status).toBe(400);
  });

  it('writes what a seeker typed into the page as text, never as markup', async () => {
    const records = cms.strapi.plugin('conversations').service('records');
    const page = records.exportPage(
      [
        {
          kind: 'enquiry',
          id: 'x',
          label: '<b>Villa</b>',
          messages: [{ from: 'seeker', author: 'A', text: '<script>alert(1)</script>', sentAt: null }],
        },
      ],
      'en',
    );
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('Enquiry: &lt;b&gt;Villa&lt;/b&gt;');
  });

  it('deleting an account keeps its messages in their threads without its name', async () => {
    const signed = await signInAccounts(cms.strapi, api, 'gone.threads.example.com', {
      leaving: 'authenticated',
    });
    const enquiry = await api.post(
      '/api/enquiries',
      { name: 'Leaving Seeker', phoneNumber: ['0241234567'], message: 'Hi', product: propertyId },
      { token: signed.token.leaving },
    );
    const path = `/api/enquiries/${enquiry.body._id}/messages`;
    await post(path, 'Please call me on 0241234567.', signed.token.leaving);
    await post(path, 'We will call you today.', who.token.admin);
    const user = await cms.strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { documentId: signed.id.leaving } });
    await cms.strapi.db.query('plugin::users-permissions.user').delete({ where: { id: user.id } });

    // Staff still read the thread; nobody can write to it now.
    const seen = await api.get(path, { token: who.token.admin });
    expect(seen.status).toBe(200);
    expect(seen.body.messages.map((m: { author: string }) => m.author)).toEqual(['Former seeker', 'admin']);
    expect(seen.body.seeker).toBeNull();
    expect((await post(path, 'Hello?', who.token.admin)).status).toBe(409);
    const rows = await cms.strapi.db
      .connection('thread_messages as m')
      .join('threads as t', 't.id', 'm.thread_id')
      .where('t.subject_id', enquiry.body._id)
      .orderBy('m.seq')
      .select('m.author_id', 'm.author_name', 'm.author_role', 't.seeker_id');
    expect(rows).toEqual([
      { author_id: null, author_name: 'Former seeker', author_role: 'seeker', seeker_id: 0 },
      { author_id: expect.any(Number), author_name: 'admin', author_role: 'staff', seeker_id: 0 },
    ]);
  });

  it('conversations of closed enquiries go once the retention period has passed; open ones stay', async () => {
    const signed = await signInAccounts(cms.strapi, api, 'old.threads.example.com', { old: 'authenticated' });
    const make = async () => {
      const made = await api.post(
        '/api/enquiries',
        { name: 'Old Seeker', phoneNumber: ['0241234567'], message: 'Hi', product: propertyId },
        { token: signed.token.old },
      );
      await post(`/api/enquiries/${made.body._id}/messages`, 'An old question', signed.token.old);
      return made.body._id as string;
    };
    const closed = await make();
    const open = await make();
    expect(
      (
        await api.put(
          `/api/enquiries/${closed}`,
          { status: 'No longer interested' },
          { token: who.token.admin },
        )
      ).status,
    ).toBe(200);
    expect(
      (await api.put('/api/system-settings', { threadRetentionMonths: 6 }, { token: who.token.superadmin }))
        .status,
    ).toBe(200);
    expect(
      (await api.put('/api/system-settings', { threadRetentionMonths: 0 }, { token: who.token.superadmin }))
        .status,
    ).toBe(400);
    const records = cms.strapi.plugin('conversations').service('records');
    const clock = cms.strapi.plugin('platform').service('clock') as { offsetMs: number };
    const exists = async (id: string) =>
      Boolean(await cms.strapi.db.connection('threads').where({ subject_id: id }).first('id'));
    try {
      clock.offsetMs = 5 * 31 * 86_400_000;
      await records.purgeExpired();
      expect(await exists(closed)).toBe(true);
      clock.offsetMs = 7 * 31 * 86_400_000;
      expect(await records.purgeExpired()).toBeGreaterThanOrEqual(1);
      expect(await exists(closed)).toBe(false);
      expect(await exists(open)).toBe(true);
      const left = await cms.strapi.db
        .connection('thread_messages')
        .where({ text: 'An old question' })
        .count({ n: '*' });
      expect(Number(left[0]!.n)).toBe(1);
    } finally {
      clock.offsetMs = 0;
      await api.put('/api/system-settings', { threadRetentionMonths: 24 }, { token: who.token.superadmin });
    }
  });
});

describe('reply times', () => {
  it('the median working time to staff’s first reply, overall and per member of staff; public once there are five', async () => {
    const clock = cms.strapi.plugin('platform').service('clock') as { offsetMs: number };
    const replies = cms.strapi.plugin('conversations').service('replies') as { forget(): void };
    const signed = await signInAccounts(cms.strapi, api, 'replies.threads.example.com', {
      asker: 'authenticated',
    });
    // Monday 7 June 2027, 09:00 Accra (far enough ahead that the other tests' replies are out of the
    // 30 days), at first; each conversation a day later.
    const monday = Date.parse('2027-06-07T09:00:00Z');
    const at = (ms: number) => (clock.offsetMs = ms - Date.now());
    const ask = async (day: number, replyAfterMinutes: number, replier: string) => {
      at(monday + day * 86_400_000);
      const made = await api.post(
        '/api/enquiries',
        { name: 'Asker', phoneNumber: ['0241234567'], message: 'Hi', product: propertyId },
        { token: signed.token.asker },
      );
      const path = `/api/enquiries/${made.body._id}/messages`;
      await post(path, 'Is it free?', signed.token.asker);
      at(monday + day * 86_400_000 + replyAfterMinutes * 60_000);
      await post(path, 'Yes.', replier);
      await post(path, 'A second reply does not count.', replier);
    };
    try {
      await ask(0, 40, who.token.admin!); // Monday
      await ask(1, 10, who.token.superadmin!); // Tuesday
      // Friday 16:50, answered Monday 08:20: 10 + 20 = 30 working minutes.
      at(Date.parse('2027-06-11T16:50:00Z'));
      const late = await api.post(
        '/api/enquiries',
        { name: 'Asker', phoneNumber: ['0241234567'], message: 'Hi', product: propertyId },
        { token: signed.token.asker },
      );
      await post(`/api/enquiries/${late.body._id}/messages`, 'Still free?', signed.token.asker);
      at(Date.parse('2027-06-14T08:20:00Z'));
      await post(`/api/enquiries/${late.body._id}/messages`, 'Yes, still free.', who.token.admin!);
      replies.forget();
      const figures = await api.get('/api/threads/response-times', { token: who.token.admin });
      expect(figures.status).toBe(200);
      expect(figures.body.overall).toEqual({ medianMinutes: 30, replies: 3 });
      expect(figures.body.staff).toEqual([
        { _id: who.id.admin, name: 'admin', medianMinutes: 35, replies: 2 },
        { _id: who.id.superadmin, name: 'superadmin', medianMinutes: 10, replies: 1 },
      ]);
      // Three replies say too little to the public.
      expect((await api.get('/api/response-times')).body).toEqual({ medianMinutes: null, replies: 3 });
      await ask(2, 20, who.token.admin!);
      await ask(3, 50, who.token.admin!);
      replies.forget();
      expect((await api.get('/api/response-times')).body).toEqual({ medianMinutes: 30, replies: 5 });
      expect((await api.get('/api/threads/response-times', { token: who.token.seeker })).status).toBe(403);
      expect((await api.get('/api/threads/response-times')).status).toBe(401);
    } finally {
      clock.offsetMs = 0;
      replies.forget();
    }
  });
});
