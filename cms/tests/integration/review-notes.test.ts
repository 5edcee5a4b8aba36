// Reject notes: a superadmin who keeps an item unapproved may say what to change. The
// note is e-mailed to whoever submitted the item, shown to staff on the item ("changesRequested")
// and in the audit trail, and removed when the item is approved. The public never sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@fie/mailcatcher';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, signInAccounts, type SignedIn } from '../helpers/http';
import { testImage } from '../helpers/images';

let cms: TestCms;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let api: ReturnType<typeof client>;
let who: SignedIn;
let n = 0;

const property = () => ({
  location: `Note Street ${++n}, Cantonments`,
  nearestLandmark: 'Accra Mall',
  price: 4000,
  currency: 'GHS',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  images: [testImage('n')],
});
const deal = () => ({
  closerName: 'Kofi Addo',
  dealDate: '2026-11-20',
  commission: 'GH₵ 2,400',
  tenantName: `Tenant ${++n}`,
  tenantContact: '+233244000111',
  tenancyStartDate: '2026-12-01',
  tenancyEndDate: '2027-11-30',
});
const reject = (path: string, id: string, note?: unknown, token = who.token.superadmin) =>
  api.put(
    `/api/${path}/approve/${id}`,
    { action: 'unapprove', ...(note === undefined ? {} : { note }) },
    { token },
  );
const staffListing = async (id: string) =>
  ((await api.get('/api/products?approval=all&pageSize=50', { token: who.token.admin })).body as any[]).find(
    (p) => p._id === id,
  );

beforeAll(async () => {
  mail = await startMailCatcher({ port: 0 });
  cms = await startCms({ env: { SMTP_PORT: String(mail.port) } });
  api = client(cms.url);
  who = await signInAccounts(cms.strapi, api, 'notes.example.com', {
    seeker: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
});
afterAll(async () => {
  await cms?.stop();
  await mail?.close();
});

describe('a note with a rejected listing', () => {
  it('is e-mailed to the admin who posted it, shown on the listing for staff and in the audit trail', async () => {
    const p = property();
    const id = (await api.post('/api/products', p, { token: who.token.admin })).body._id;
    const res = await reject('products', id, '  Please add photos of the kitchen.  ');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Property kept as unapproved');
    expect(res.body.product).toMatchObject({
      _id: id,
      approvalStatus: 'unapproved',
      changesRequested: 'Please add photos of the kitchen.',
    });

    const letter = await mail.waitFor({ to: who.email.admin!, subject: /Changes requested/ });
    expect(letter.subject).toBe(`Changes requested: listing ${p.location}`);
    expect(letter.text).toContain('Please add photos of the kitchen.');

    expect((await staffListing(id)).changesRequested).toBe('Please add photos of the kitchen.');
    expect((await api.get(`/api/products/${id}`, { token: who.token.admin })).body.changesRequested).toBe(
      'Please add photos of the kitchen.',
    );
    const queue = (await api.get('/api/products/unapproved?pageSize=50', { token: who.token.superadmin }))
      .body as any[];
    expect(queue.find((q) => q._id === id).changesRequested).toBe('Please add photos of the kitchen.');
    const [entry] = (await api.get('/api/audit?pageSize=1', { token: who.token.superadmin })).body;
    expect(entry).toMatchObject({
      action: 'kept-unapproved',
      resource: { type: 'property', id },
      detail: 'Please add photos of the kitchen.',
    });
  });

  it('stays until the listing is approved, which removes it; a reject without a note keeps the last one', async () => {
    const id = (await api.post('/api/products', property(), { token: who.token.admin })).body._id;
    await reject('products', id, 'The price looks wrong.');
    expect((await reject('products', id)).body.product.changesRequested).toBe('The price looks wrong.');
    expect((await reject('products', id, 'Now also add the floor plan.')).body.product.changesRequested).toBe(
      'Now also add the floor plan.',
    );
    const approved = await api.put(
      `/api/products/approve/${id}`,
      { action: 'approve' },
      { token: who.token.superadmin },
    );
    expect(approved.body.product.changesRequested).toBeNull();
    expect((await staffListing(id)).changesRequested).toBeNull();
  });

  it('is never shown to the public or to a seeker', async () => {
    const id = (await api.post('/api/products', property(), { token: who.token.superadmin })).body._id;
    await reject('products', id, 'Internal remark.');
    await api.put(`/api/products/approve/${id}`, { action: 'approve' }, { token: who.token.superadmin });
    const pub = (await api.get('/api/products?pageSize=50')).body as any[];
    expect(pub.find((p) => p._id === id)).toBeDefined();
    for (const item of pub) expect(item).not.toHaveProperty('changesRequested');
    expect((await api.get(`/api/products/${id}`, { token: who.token.seeker })).body).not.toHaveProperty(
      'changesRequested',
    );
  });

  it('refuses a note that is not text or is too long, and an admin rejecting', async () => {
    const id = (await api.post('/api/products', property(), { token: who.token.admin })).body._id;
    const long = await reject('products', id, 'x'.repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('The note can be at most 1000 characters.');
    expect((await reject('products', id, 42)).status).toBe(400);
    expect((await reject('products', id, 'No.', who.token.admin)).status).toBe(403);
    expect((await staffListing(id)).changesRequested).toBeNull();
  });
});

describe('a note with a rejected deal', () => {
  it('is e-mailed to the admin who logged it and shown in the deal list until approval', async () => {
    const d = deal();
    const id = (await api.post('/api/deals', d, { token: who.token.admin })).body._id;
    const res = await reject('deals', id, 'The commission does not match the receipt.');
    expect(res.status).toBe(200);
    expect(res.body.deal).toMatchObject({
      _id: id,
      changesRequested: 'The commission does not match the receipt.',
    });
    const letter = await mail.waitFor({
      to: who.email.admin!,
      subject: `Changes requested: deal ${d.tenantName}`,
    });
    expect(letter.text).toContain('The commission does not match the receipt.');
    const listed = ((await api.get('/api/deals', { token: who.token.admin })).body as any[]).find(
      (x) => x._id === id,
    );
    expect(listed.changesRequested).toBe('The commission does not match the receipt.');
    const queued = (
      (await api.get('/api/deals/unapproved?pageSize=50', { token: who.token.superadmin })).body as any[]
    ).find((x) => x._id === id);
    expect(queued.changesRequested).toBe('The commission does not match the receipt.');
    await api.put(`/api/deals/approve/${id}`, { action: 'approve' }, { token: who.token.superadmin });
    expect(
      ((await api.get('/api/deals', { token: who.token.admin })).body as any[]).find((x) => x._id === id)
        .changesRequested,
    ).toBeNull();
  });
});
