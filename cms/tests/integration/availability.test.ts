// Fresh listings on a real Strapi and database: the server sets availabilityConfirmedAt (create, a
// staff edit that keeps the listing available, "Confirm still available"); past staleAfterDays the
// listing reads unconfirmed, past hideAfterDays the sweep takes it out of the public listing, its
// searches and the sitemap's query until staff confirm it. Time moves with the platform clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AVAILABILITY_DEFAULTS, AVAILABILITY_ORDER_MESSAGE, MESSAGES } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, panelToken, permissionTests, signInAccounts } from '../helpers/http';
import { testImage } from '../helpers/images';

const DAY = 86_400_000;

let cms: TestCms;
let api: ReturnType<typeof client>;
type Who = 'anonymous' | 'seeker' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
let n = 0;

const clock = () => cms.strapi.plugin('platform').service('clock') as { offsetMs: number; now(): Date };
const now = () => clock().now();
/** Moves the cms's clock `days` days from the real now. */
const daysLater = (days: number) => {
  clock().offsetMs = days * DAY;
};
const sweep = () =>
  cms.strapi.service('api::property.availability').sweep() as Promise<{
    hidden: number;
    shown: number;
    crossed: boolean;
  }>;

/** A listing with a location of its own (searchable alone), approved at once (a superadmin's). */
async function newListing(extra: Record<string, unknown> = {}) {
  const place = `Freshwater Close ${++n}${String.fromCharCode(97 + (n % 26))}qz`;
  const res = await api.post(
    '/api/products',
    {
      location: `${place}, Accra`,
      nearestLandmark: 'Accra Mall',
      price: 2500,
      currency: 'GHS',
      propertyType: 'Apartment',
      leaseType: 'Rent',
      images: [testImage('f')],
      ...extra,
    },
    { token: token.superadmin },
  );
  expect(res.status).toBe(201);
  expect(res.body.approvalStatus).toBe('approved');
  return { id: res.body._id as string, place, body: res.body };
}

const detail = (id: string, who?: Who) => api.get(`/api/products/${id}`, { token: who && token[who] });
/** The public listing's answer for `id` when a search for its place finds it, else undefined. */
async function listed(place: string, id: string) {
  const res = await api.get(`/api/products?search=${encodeURIComponent(place)}`);
  expect(res.status).toBe(200);
  return (res.body as Array<{ _id: string; availabilityStatus: string }>).find((p) => p._id === id);
}
/** Whether the sitemap's query (every listed property, newest first) holds `id`. */
async function inSitemapQuery(id: string) {
  for (let page = 1; page <= 10; page += 1) {
    const res = await api.get(`/api/products?sort=newest&pageSize=50&page=${page}`);
    expect(res.status).toBe(200);
    if ((res.body as Array<{ _id: string }>).some((p) => p._id === id)) return true;
    if (res.headers.get('x-has-next') !== 'true') return false;
  }
  return false;
}
const confirm = (id: string, who?: Who) =>
  api.put(`/api/products/${id}/confirm-availability`, undefined, { token: who && token[who] });
const saveSettings = (body: Record<string, unknown>, who: Who = 'superadmin') =>
  api.put('/api/system-settings', body, { token: token[who] });
const msAgo = (iso: string) => now().getTime() - Date.parse(iso);

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'fresh.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, signed.token);
});
afterAll(async () => {
  await cms?.stop();
});
beforeEach(async () => {
  clock().offsetMs = 0;
  await cms.strapi.db.query('plugin::platform.rate-limit-bucket').deleteMany({});
});

describe('availabilityConfirmedAt is set by the server', () => {
  it('is set on create, whatever the client sends, and the answer says confirmed and listed', async () => {
    const { id, body } = await newListing({ availabilityConfirmedAt: '2020-01-01T00:00:00.000Z' });
    expect(msAgo(body.availabilityConfirmedAt)).toBeLessThan(60_000);
    expect(body).toMatchObject({ availabilityStatus: 'confirmed', listed: true });
    const seen = await detail(id);
    expect(seen.body).toMatchObject({
      availabilityConfirmedAt: body.availabilityConfirmedAt,
      availabilityStatus: 'confirmed',
      listed: true,
    });
    // The private columns stay private.
    expect(seen.body).not.toHaveProperty('availabilityHidden');
    expect(seen.body).not.toHaveProperty('openLetReports');
  });

  it("refreshes on a staff edit that keeps the listing available, not on one that takes it off, and ignores a client's value", async () => {
    const { id, body } = await newListing();
    daysLater(10);
    const edited = await api.put(
      `/api/products/${id}`,
      { nearestLandmark: 'Accra Mall car park', availabilityConfirmedAt: '2020-01-01T00:00:00.000Z' },
      { token: token.superadmin },
    );
    expect(edited.status).toBe(200);
    expect(Date.parse(edited.body.availabilityConfirmedAt)).toBeGreaterThan(
      Date.parse(body.availabilityConfirmedAt) + 9 * DAY,
    );
    expect(msAgo(edited.body.availabilityConfirmedAt)).toBeLessThan(60_000);

    daysLater(20);
    const off = await api.put(`/api/products/${id}`, { available: false }, { token: token.superadmin });
    expect(off.status).toBe(200);
    expect(off.body.availabilityConfirmedAt).toBe(edited.body.availabilityConfirmedAt);

    // An admin's edit refreshes it too (and, being a content edit, sends the listing back for approval).
    const byAdmin = await api.put(
      `/api/products/${id}`,
      { available: true, nearestLandmark: 'Opposite Accra Mall' },
      { token: token.admin },
    );
    expect(byAdmin.status).toBe(200);
    expect(msAgo(byAdmin.body.availabilityConfirmedAt)).toBeLessThan(60_000);
    expect(byAdmin.body.approvalStatus).toBe('unapproved');
  });
});

describe('an edit in the admin panel', () => {
  it('refreshes the confirmation too, and the panel cannot write it', async () => {
    const { id, body } = await newListing();
    const panelBearer = await panelToken(cms, 'panel@fresh.example.com');
    daysLater(12);
    const saved = await fetch(`${cms.url}/content-manager/collection-types/api::property.property/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${panelBearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        nearestLandmark: 'Behind Accra Mall',
        availabilityConfirmedAt: '2020-01-01T00:00:00.000Z',
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const seen = (await detail(id)).body;
    expect(seen.nearestLandmark).toBe('Behind Accra Mall');
    expect(Date.parse(seen.availabilityConfirmedAt)).toBeGreaterThan(
      Date.parse(body.availabilityConfirmedAt) + 11 * DAY,
    );
    expect(msAgo(seen.availabilityConfirmedAt)).toBeLessThan(60_000);
  });
});

describe('30 and 60 days without a confirmation', () => {
  it('reads unconfirmed after 30 days (in the cached listing too), leaves the listing after 60, and returns when confirmed', async () => {
    const { id, place } = await newListing();

    daysLater(29);
    expect((await sweep()).hidden).toBe(0);
    expect((await detail(id)).body).toMatchObject({ availabilityStatus: 'confirmed', listed: true });
    // The listing keeps this answer against the catalogue version...
    expect(await listed(place, id)).toMatchObject({ availabilityStatus: 'confirmed' });

    daysLater(31);
    expect((await detail(id)).body).toMatchObject({ availabilityStatus: 'unconfirmed', listed: true });
    // ...and the sweep, seeing the listing cross the stale boundary, raises the version.
    expect((await sweep()).crossed).toBe(true);
    expect(await listed(place, id)).toMatchObject({ availabilityStatus: 'unconfirmed' });
    expect(await inSitemapQuery(id)).toBe(true);

    daysLater(59);
    await sweep();
    expect(await listed(place, id)).toBeDefined();

    daysLater(61);
    expect((await sweep()).hidden).toBeGreaterThanOrEqual(1);
    // Its page stays reachable and says it is not listed; the listing, searches and sitemap leave it out.
    const page = await detail(id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      availabilityStatus: 'unconfirmed',
      listed: false,
      approvalStatus: 'approved',
    });
    expect(await listed(place, id)).toBeUndefined();
    expect(await inSitemapQuery(id)).toBe(false);
    // A second sweep (another process, the next minute) finds nothing left to do.
    expect(await sweep()).toMatchObject({ hidden: 0, shown: 0 });

    // Staff see it in "Needs confirming", oldest first.
    const needs = await api.get('/api/products/needs-confirming?pageSize=100', { token: token.admin });
    expect(needs.status).toBe(200);
    const row = needs.body.items.find((i: { _id: string }) => i._id === id);
    expect(row).toMatchObject({ listed: false, availabilityStatus: 'unconfirmed' });
    const times = needs.body.items.map((i: { availabilityConfirmedAt: string }) =>
      Date.parse(i.availabilityConfirmedAt),
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(needs.body.total).toBeGreaterThanOrEqual(needs.body.items.length);

    // An admin confirms it: back at once, approved, not in the approval queue, and audited.
    const confirmed = await confirm(id, 'admin');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      _id: id,
      availabilityStatus: 'confirmed',
      listed: true,
      approvalStatus: 'approved',
    });
    expect(msAgo(confirmed.body.availabilityConfirmedAt)).toBeLessThan(60_000);
    expect(await listed(place, id)).toMatchObject({ availabilityStatus: 'confirmed' });
    expect(await inSitemapQuery(id)).toBe(true);
    const queue = await api.get('/api/products/unapproved?pageSize=50', { token: token.superadmin });
    expect(queue.status).toBe(200);
    expect(queue.body.map((p: { _id: string }) => p._id)).not.toContain(id);
    const audit = await cms.strapi.db
      .query('plugin::approvals.audit-entry')
      .findMany({ where: { resourceId: id, action: 'availability-confirmed' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorRole: 'admin', resourceType: 'property' });
    const stillThere = await api.get('/api/products/needs-confirming?pageSize=100', { token: token.admin });
    expect(stillThere.body.items.map((i: { _id: string }) => i._id)).not.toContain(id);
  });

  it('reads unconfirmed with three open "already let" reports, until confirmed', async () => {
    const { id } = await newListing();
    await cms.strapi.db.connection('properties').where({ document_id: id }).update({ open_let_reports: 2 });
    expect((await detail(id)).body.availabilityStatus).toBe('confirmed');
    await cms.strapi.db.connection('properties').where({ document_id: id }).update({ open_let_reports: 3 });
    expect((await detail(id)).body.availabilityStatus).toBe('unconfirmed');
    const needs = await api.get('/api/products/needs-confirming?pageSize=100', { token: token.admin });
    expect(needs.body.items.find((i: { _id: string }) => i._id === id)).toMatchObject({ openLetReports: 3 });
    expect((await confirm(id, 'superadmin')).body.availabilityStatus).toBe('confirmed');
    const row = await cms.strapi.db
      .connection('properties')
      .where({ document_id: id })
      .first('open_let_reports');
    expect(Number(row.open_let_reports)).toBe(0);
  });
});

describe('who may confirm and list', () => {
  let id = '';
  beforeAll(async () => {
    id = (await newListing()).id;
  });
  permissionTests(
    it,
    expect,
    [
      {
        route: 'PUT /api/products/:id/confirm-availability',
        call: (t) => api.put(`/api/products/${id}/confirm-availability`, undefined, { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
      },
      {
        route: 'GET /api/products/needs-confirming',
        call: (t) => api.get('/api/products/needs-confirming', { token: t }),
        expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
      },
    ],
    ['anonymous', 'seeker', 'admin', 'superadmin'] as const,
    (who) => token[who],
  );

  it('answers 404 for an unknown listing, and a refused confirmation changes nothing', async () => {
    const missing = await confirm('no-such-listing', 'admin');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.propertyNotFound);
    const before = (await detail(id)).body.availabilityConfirmedAt;
    daysLater(5);
    expect((await confirm(id, 'seeker')).status).toBe(403);
    expect((await detail(id)).body.availabilityConfirmedAt).toBe(before);
  });
});

describe('the days are system settings', () => {
  it('refuses days out of order, out of bounds or not whole, with a clear message, and changes nothing', async () => {
    for (const [body, message] of [
      [{ staleAfterDays: 40, hideAfterDays: 30 }, AVAILABILITY_ORDER_MESSAGE],
      [{ hideAfterDays: 20 }, AVAILABILITY_ORDER_MESSAGE],
      [{ staleAfterDays: 90 }, AVAILABILITY_ORDER_MESSAGE],
      [{ staleAfterDays: 10.5 }, 'Unconfirmed after (days) must be a whole number from 7 to 180.'],
      [{ staleAfterDays: 3 }, 'Unconfirmed after (days) must be a whole number from 7 to 180.'],
      [{ hideAfterDays: 400 }, 'Hidden from the listing after (days) must be a whole number from 8 to 365.'],
      [{ hideAfterDays: '60' }, 'Hidden from the listing after (days) must be a whole number from 8 to 365.'],
    ] as const) {
      const res = await saveSettings(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await saveSettings({ staleAfterDays: 10, hideAfterDays: 20 }, 'admin')).status).toBe(403);
    const settings = await api.get('/api/system-settings', { token: token.superadmin });
    expect(settings.body).toMatchObject(AVAILABILITY_DEFAULTS);
  });

  it('takes effect at once: shorter days hide a listing, the defaults bring it back', async () => {
    const { id, place } = await newListing();
    daysLater(25);
    await sweep();
    expect(await listed(place, id)).toMatchObject({ availabilityStatus: 'confirmed' });

    const saved = await saveSettings({ staleAfterDays: 10, hideAfterDays: 20 });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ staleAfterDays: 10, hideAfterDays: 20 });
    expect((await detail(id)).body).toMatchObject({ availabilityStatus: 'unconfirmed', listed: false });
    expect(await listed(place, id)).toBeUndefined();

    expect((await saveSettings({ ...AVAILABILITY_DEFAULTS })).status).toBe(200);
    expect((await detail(id)).body).toMatchObject({ availabilityStatus: 'confirmed', listed: true });
    expect(await listed(place, id)).toMatchObject({ availabilityStatus: 'confirmed' });
  });

  it('runs the sweep only when a save changes the days, not for maintenance mode or the same days', async () => {
    const sweptAt = async () =>
      Number(
        (await cms.strapi.db.connection('fie_availability_sweep').where({ id: 1 }).first('swept_at'))
          .swept_at,
      );
    daysLater(2);
    await sweep();
    const swept = await sweptAt();
    daysLater(3);
    expect((await saveSettings({ maintenanceMode: true })).status).toBe(200);
    expect((await saveSettings({ maintenanceMode: false })).status).toBe(200);
    expect((await saveSettings({ ...AVAILABILITY_DEFAULTS })).status).toBe(200);
    expect(await sweptAt()).toBe(swept);

    expect((await saveSettings({ staleAfterDays: 20 })).status).toBe(200);
    expect(await sweptAt()).toBeGreaterThanOrEqual(now().getTime() - 60_000);
    expect((await saveSettings({ ...AVAILABILITY_DEFAULTS })).status).toBe(200);
  });
});

describe('a restart', () => {
  const version = async () =>
    Number(
      (await cms.strapi.db.connection('fie_catalogue_version').where({ id: 1 }).first('version')).version,
    );
  const start = () => cms.strapi.service('api::property.availability').start() as Promise<void>;

  it('leaves the catalogue version alone when no row needs filling, and fills and raises it when one does', async () => {
    // Once to settle what earlier tests left (their clock moves), then the start-up work proper.
    await start();
    const before = await version();
    await start();
    await start();
    expect(await version()).toBe(before);

    // A row from before the columns: nothing set.
    const { id } = await newListing();
    const knex = cms.strapi.db.connection;
    await knex('properties')
      .where({ document_id: id })
      .update({ availability_confirmed_at: null, availability_hidden: null, open_let_reports: null });
    const unfilled = await version();
    await start();
    expect(await version()).toBeGreaterThan(unfilled);
    const rows = await knex('properties')
      .where({ document_id: id })
      .select('availability_confirmed_at', 'availability_hidden', 'open_let_reports');
    for (const row of rows) {
      expect(row.availability_confirmed_at).not.toBeNull();
      expect(Boolean(row.availability_hidden)).toBe(false);
      expect(row.availability_hidden).not.toBeNull();
      expect(Number(row.open_let_reports)).toBe(0);
    }
    expect((await detail(id)).body).toMatchObject({ availabilityStatus: 'confirmed', listed: true });

    const filled = await version();
    await start();
    expect(await version()).toBe(filled);
  });
});
