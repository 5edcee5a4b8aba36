// Price history, on a real Strapi and database: every change of price or currency is recorded with who
// made it (through the API, the approval flow or the panel) and audited; GET /api/products/:id carries
// the history and reducedBy; the 30-day window with the clock moved; the cards' reducedBy (from the row,
// kept by the sweep) agrees with the detail; only staff change prices.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRICE_HISTORY_MAX, type AuditEntry } from '@fie/domain';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, panelToken, signInAccounts } from '../helpers/http';
import { propertyAt } from '../helpers/fixtures';

const DAY = 86_400_000;

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let token: Record<string, string> = {};
let email: Record<string, string> = {};
let n = 0;

const clock = () => cms.strapi.plugin('platform').service('clock') as { offsetMs: number; now(): Date };
const history = () => cms.strapi.service('api::property.price-history') as { sweep(): Promise<number> };

interface Detail {
  _id: string;
  price: string;
  currency: string;
  priceGhs: number;
  location: string;
  reducedBy?: number;
  reducedAt?: string;
  priceHistory: { price: string; currency: string; priceGhs: number; changedAt: string }[];
}

/** A property listed at once (a superadmin's), at a place of its own so the listing finds it alone. */
async function newProperty(overrides: Record<string, unknown> = {}) {
  const location = `Pricewatch Close ${String.fromCharCode(97 + (n % 26))}${++n}x, Accra`;
  const res = await api.post('/api/products', propertyAt(location, overrides), { token: token.superadmin });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Detail;
}

const setPrice = (id: string, body: Record<string, unknown>, who = 'superadmin') =>
  api.put(`/api/products/${id}`, body, { token: token[who] });

async function detail(id: string, who?: string): Promise<Detail> {
  const res = await api.get(`/api/products/${id}`, { token: who ? token[who] : undefined });
  expect(res.status).toBe(200);
  return res.body as Detail;
}

/** The property's card in the public listing (found by its own place). */
async function card(p: { _id: string; location: string }) {
  const res = await api.get(
    `/api/products?pageSize=50&search=${encodeURIComponent(p.location.split(',')[0]!)}`,
  );
  expect(res.status).toBe(200);
  const found = (res.body as { _id: string; reducedBy?: number; reducedAt?: string }[]).find(
    (c) => c._id === p._id,
  );
  expect(found, 'listed').toBeDefined();
  return found!;
}

const rowOf = (id: string) =>
  cms.strapi.db.connection('properties').where({ document_id: id }).first('reduced_at', 'reduced_by_ghs');
const changesOf = (id: string) =>
  cms.strapi.db.connection('price_changes').where({ property_document_id: id }).orderBy('id', 'asc');

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port), CRON_ENABLED: 'false' } });
  api = client(cms.url);
  ({ token, email } = await signInAccounts(cms.strapi, api, 'price-history.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  }));
}, 180_000);
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});
beforeEach(() => {
  clock().offsetMs = 0;
});

describe('price history', () => {
  it('starts with the first price, and records a change with who made it, audited, newest first', async () => {
    const p = await newProperty({ price: 4000, currency: 'GHS' });
    const first = await detail(p._id);
    expect(first.priceHistory).toEqual([
      { price: 'GH₵4000', currency: 'GHS', priceGhs: 4000, changedAt: expect.any(String) },
    ]);
    expect(first).not.toHaveProperty('reducedBy');

    expect((await setPrice(p._id, { price: 3500 })).status).toBe(200);
    const cut = await detail(p._id);
    // `price` reads as the property's own price does.
    expect(cut.price).toBe('GH₵3500');
    expect(cut.priceHistory.map((h) => h.price)).toEqual(['GH₵3500', 'GH₵4000']);
    expect(cut.priceHistory[0]!.priceGhs).toBe(3500);
    expect(Date.parse(cut.priceHistory[0]!.changedAt)).toBeGreaterThanOrEqual(
      Date.parse(cut.priceHistory[1]!.changedAt),
    );
    expect(cut.reducedBy).toBe(500);

    const [created, changed] = await changesOf(p._id);
    expect(Number(created.old_amount ?? NaN)).toBeNaN();
    expect(changed).toMatchObject({
      currency: 'GHS',
      changed_by_email: email.superadmin,
      changed_by_role: 'superadmin',
    });
    expect(Number(changed.old_amount)).toBe(4000);
    expect(Number(changed.amount)).toBe(3500);
    expect(Number(changed.old_price_ghs)).toBe(4000);
    expect(Number(changed.price_ghs)).toBe(3500);

    const audit = await api.get('/api/audit?pageSize=100', { token: token.superadmin });
    expect(audit.status).toBe(200);
    const entry = (audit.body as AuditEntry[]).find(
      (e) => e.action === 'price-changed' && e.resource.id === p._id,
    );
    expect(entry).toMatchObject({
      user: { email: email.superadmin, role: 'superadmin' },
      resource: { type: 'property', id: p._id, label: p.location },
      detail: 'GH₵4,000 → GH₵3,500',
    });

    // A write that leaves the price alone records nothing.
    expect((await setPrice(p._id, { description: 'Freshly painted.', price: 3500 })).status).toBe(200);
    expect(await changesOf(p._id)).toHaveLength(2);
  });

  it('reducedBy is there after a cut and absent after raising back; the card carries the same', async () => {
    const p = await newProperty({ price: 6000, currency: 'GHS' });
    expect(await card(p)).not.toHaveProperty('reducedBy');
    expect((await setPrice(p._id, { price: 5200 })).status).toBe(200);
    const cut = await detail(p._id);
    expect(cut.reducedBy).toBe(800);
    // When it was cut: the newest change, the same on the card.
    expect(cut.reducedAt).toBe(cut.priceHistory[0]!.changedAt);
    expect((await card(p)).reducedBy).toBe(cut.reducedBy);
    expect((await card(p)).reducedAt).toBe(cut.reducedAt);
    const row = await rowOf(p._id);
    expect(Number(row.reduced_by_ghs)).toBe(800);
    expect(new Date(row.reduced_at).toISOString()).toBe(cut.priceHistory[0]!.changedAt);

    // A partial raise leaves part of the reduction; raising back to the old price ends it.
    expect((await setPrice(p._id, { price: 5700 })).status).toBe(200);
    expect((await detail(p._id)).reducedBy).toBe(300);
    expect((await card(p)).reducedBy).toBe(300);
    expect((await setPrice(p._id, { price: 6000 })).status).toBe(200);
    expect(await detail(p._id)).not.toHaveProperty('reducedBy');
    expect(await detail(p._id)).not.toHaveProperty('reducedAt');
    expect(await card(p)).not.toHaveProperty('reducedBy');
    expect(await card(p)).not.toHaveProperty('reducedAt');
    expect(await rowOf(p._id)).toMatchObject({ reduced_at: null, reduced_by_ghs: null });
  });

  it('a cut stops being a reduction once the dearer price is more than 30 days old', async () => {
    const p = await newProperty({ price: 3000, currency: 'GHS' });
    expect((await setPrice(p._id, { price: 2700 })).status).toBe(200);
    clock().offsetMs = 29 * DAY;
    expect((await detail(p._id)).reducedBy).toBe(300);
    expect(await history().sweep()).toBe(0);
    expect((await card(p)).reducedBy).toBe(300);

    clock().offsetMs = 31 * DAY;
    expect(await detail(p._id)).not.toHaveProperty('reducedBy');
    // The card follows at the sweep, which clears the row's copy.
    expect(await history().sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(p._id)).toMatchObject({ reduced_at: null, reduced_by_ghs: null });
    expect(await card(p)).not.toHaveProperty('reducedBy');
    // Nothing left to do: a second run (or another process) changes nothing.
    expect(await history().sweep()).toBe(0);
    // Its history is kept.
    expect((await detail(p._id)).priceHistory.map((h) => h.price)).toEqual(['GH₵2700', 'GH₵3000']);
  });

  it('the sweep lowers a reduction when its dearest price leaves the window, and leaves the rest alone', async () => {
    const p = await newProperty({ price: 5000, currency: 'GHS' });
    const other = await newProperty({ price: 4000, currency: 'GHS' });
    clock().offsetMs = 10 * DAY;
    expect((await setPrice(p._id, { price: 4500 })).status).toBe(200);
    clock().offsetMs = 25 * DAY;
    expect((await setPrice(p._id, { price: 4000 })).status).toBe(200);
    expect((await setPrice(other._id, { price: 3900 })).status).toBe(200);
    expect((await card(p)).reducedBy).toBe(1000);

    // Day 41: the 5,000 set on day 0 has left the window, the 4,500 of day 10 is the dearest in it.
    clock().offsetMs = 41 * DAY;
    expect((await detail(p._id)).reducedBy).toBe(500);
    // (At least one: earlier tests' cuts of day 0 end at the same run.)
    expect(await history().sweep()).toBeGreaterThanOrEqual(1);
    expect(Number((await rowOf(p._id)).reduced_by_ghs)).toBe(500);
    expect((await card(p)).reducedBy).toBe(500);
    // The other listing's cut (day 25) is still in its window: looked at, unchanged.
    expect((await card(other)).reducedBy).toBe(100);
    expect(await history().sweep()).toBe(0);
  });

  it('records a change of currency, compared in GH₵', async () => {
    const p = await newProperty({ price: 3000, currency: 'GHS' });
    expect((await setPrice(p._id, { price: 200, currency: 'USD' })).status).toBe(200);
    const now = await detail(p._id);
    expect(now.currency).toBe('USD');
    expect(now.priceHistory[0]).toMatchObject({ price: '$200', currency: 'USD', priceGhs: now.priceGhs });
    expect(now.priceHistory[1]).toMatchObject({ price: 'GH₵3000', currency: 'GHS', priceGhs: 3000 });
    const [, changed] = await changesOf(p._id);
    expect(changed).toMatchObject({ old_currency: 'GHS', currency: 'USD' });
    expect(now.priceGhs).toBeLessThan(3000);
    expect(now.reducedBy).toBe(3000 - now.priceGhs);
    // The currency alone, same GH₵ value or not, is a change too.
    expect((await setPrice(p._id, { currency: 'GHS' })).status).toBe(200);
    const back = await detail(p._id);
    expect(back.priceHistory[0]).toMatchObject({ price: 'GH₵200', currency: 'GHS', priceGhs: 200 });
    expect(back.reducedBy).toBe(2800);
  });

  it("records an admin's change (sent back for approval) and a panel user's, each by name", async () => {
    const p = await newProperty({ price: 2500, currency: 'GHS' });
    expect((await setPrice(p._id, { price: 2300 }, 'admin')).status).toBe(200);
    expect((await changesOf(p._id)).at(-1)).toMatchObject({
      changed_by_email: email.admin,
      changed_by_role: 'admin',
    });
    // Waiting for approval, it is still the admin's change the staff view shows.
    expect((await detail(p._id, 'superadmin')).priceHistory[0]!.price).toBe('GH₵2300');

    const panelBearer = await panelToken(cms, 'panel@price-history.example.com');
    const saved = await fetch(`${cms.url}/content-manager/collection-types/api::property.property/${p._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${panelBearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ priceAmount: 2100 }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await changesOf(p._id)).at(-1)).toMatchObject({
      changed_by_email: 'panel@price-history.example.com',
      changed_by_role: 'panel',
    });
    expect(Number((await changesOf(p._id)).at(-1).amount)).toBe(2100);
  });

  it('keeps the newest 20 in the answer', async () => {
    const p = await newProperty({ price: 1000, currency: 'GHS' });
    for (let i = 1; i <= PRICE_HISTORY_MAX + 2; i++)
      expect((await setPrice(p._id, { price: 1000 + i })).status).toBe(200);
    const d = await detail(p._id);
    expect(d.priceHistory).toHaveLength(PRICE_HISTORY_MAX);
    expect(d.priceHistory[0]!.price).toBe(`GH₵${1000 + PRICE_HISTORY_MAX + 2}`);
    expect(await changesOf(p._id)).toHaveLength(PRICE_HISTORY_MAX + 3);
  });

  it('only staff change prices: a seeker and a visitor are refused and nothing is recorded', async () => {
    const p = await newProperty({ price: 5000, currency: 'GHS' });
    expect((await setPrice(p._id, { price: 1 }, 'seeker')).status).toBe(403);
    expect((await api.put(`/api/products/${p._id}`, { price: 1 })).status).toBe(401);
    expect((await setPrice(p._id, { price: 4900 }, 'admin')).status).toBe(200);
    expect((await changesOf(p._id)).map((c: { amount: string | number }) => Number(c.amount))).toEqual([
      5000, 4900,
    ]);
  });

  it('price drops on favourites compare the recorded price: a new USD rate alone is none, a cut is one', async () => {
    const settings = cms.strapi.documents('api::site-setting.site-setting');
    const setRate = async (rate: number) => {
      const published = await settings.findFirst({ status: 'published' });
      await settings.update({ documentId: published!.documentId, data: { usdToGhsRate: rate } as never });
      await settings.publish({ documentId: published!.documentId });
    };
    const rate = Number((await settings.findFirst({ status: 'published' }))!.usdToGhsRate);
    const drops = (id: string) =>
      cms.strapi.db.connection('price_drop_notices').where({ property_document_id: id }).orderBy('id');
    const p = await newProperty({ price: 300, currency: 'USD' });
    expect((await api.put(`/api/favourites/${p._id}`, undefined, { token: token.seeker })).status).toBe(201);
    try {
      await setRate(rate - 2);
      // The row's GH₵ value fell with the rate; an edit that is no price change tells nobody of a drop.
      expect(Number((await detail(p._id)).priceGhs)).toBe(300 * (rate - 2));
      expect((await setPrice(p._id, { description: 'Now with a borehole.' })).status).toBe(200);
      expect(await drops(p._id)).toEqual([]);
      // A cut is: from the price the seeker saw to the one the history now records.
      expect((await setPrice(p._id, { price: 250 })).status).toBe(200);
      const [drop] = await drops(p._id);
      expect(Number(drop.old_price_ghs)).toBe(300 * rate);
      expect(Number(drop.new_price_ghs)).toBe((await detail(p._id)).priceHistory[0]!.priceGhs);
      expect(Number(drop.new_price_ghs)).toBe(250 * (rate - 2));
    } finally {
      await setRate(rate);
    }
  });

  it('a deleted property takes its history with it', async () => {
    const p = await newProperty({ price: 5000, currency: 'GHS' });
    expect((await setPrice(p._id, { price: 4000 })).status).toBe(200);
    expect((await api.call('DELETE', `/api/products/${p._id}`, { token: token.superadmin })).status).toBe(
      200,
    );
    expect(await changesOf(p._id)).toEqual([]);
  });
});
