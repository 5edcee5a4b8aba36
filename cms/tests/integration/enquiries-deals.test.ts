import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, permissionTests, signInAccounts } from '../helpers/http';
import { DEAL } from '../helpers/fixtures';
import { testImage } from '../helpers/images';

let cms: TestCms;
let api: ReturnType<typeof client>;
type Who = 'anonymous' | 'seeker' | 'other' | 'admin' | 'superadmin';
const token: Partial<Record<Who, string>> = {};
const emailOf: Partial<Record<Who, string>> = {};
let propertyId = '';

const enquiry = {
  name: 'Kwesi Appiah',
  phoneNumber: ['0241234567'],
  email: 'kwesi@example.com',
  message: 'Is it still available?',
};
const deal = DEAL;

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
  const signed = await signInAccounts(cms.strapi, api, 'records.example.com', {
    seeker: 'authenticated',
    other: 'authenticated',
    admin: 'admin',
    superadmin: 'superadmin',
  });
  Object.assign(token, signed.token);
  Object.assign(emailOf, signed.email);
  propertyId = (
    await api.post(
      '/api/products',
      {
        location: 'Osu, Accra',
        nearestLandmark: 'Oxford Street',
        price: 900,
        currency: 'USD',
        propertyType: 'Apartment',
        leaseType: 'Rent',
        images: [testImage('a')],
      },
      { token: token.superadmin },
    )
  ).body._id;
});
afterAll(async () => {
  await cms?.stop();
});

describe('who may call which enquiry and deal route', () => {
  const cases: {
    route: string;
    call: (t?: string) => Promise<{ status: number }>;
    expect: Record<Exclude<Who, 'other'>, number>;
  }[] = [
    {
      route: 'POST /api/enquiries',
      call: (t) => api.post('/api/enquiries', enquiry, { token: t }),
      expect: { anonymous: 401, seeker: 201, admin: 201, superadmin: 201 },
    },
    {
      route: 'GET /api/enquiries',
      call: (t) => api.get('/api/enquiries', { token: t }),
      expect: { anonymous: 401, seeker: 200, admin: 200, superadmin: 200 },
    },
    {
      route: 'GET /api/enquiries/admin',
      call: (t) => api.get('/api/enquiries/admin', { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
    },
    {
      route: 'PUT /api/enquiries/:id',
      call: async (t) =>
        api.put(
          `/api/enquiries/${(await api.post('/api/enquiries', enquiry, { token: token.other })).body._id}`,
          { priority: 'High' },
          { token: t },
        ),
      expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
    },
    {
      route: 'GET /api/deals',
      call: (t) => api.get('/api/deals', { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
    },
    {
      route: 'POST /api/deals',
      call: (t) => api.post('/api/deals', deal, { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 201, superadmin: 201 },
    },
    {
      route: 'PUT /api/deals/:id',
      call: async (t) =>
        api.put(
          `/api/deals/${(await api.post('/api/deals', deal, { token: token.superadmin })).body._id}`,
          { commission: 'GH₵ 2,500' },
          { token: t },
        ),
      expect: { anonymous: 401, seeker: 403, admin: 200, superadmin: 200 },
    },
    {
      // An approved deal (a superadmin's): the admin's delete waits for a superadmin (202).
      route: 'DELETE /api/deals/:id',
      call: async (t) =>
        api.call(
          'DELETE',
          `/api/deals/${(await api.post('/api/deals', deal, { token: token.superadmin })).body._id}`,
          { token: t },
        ),
      expect: { anonymous: 401, seeker: 403, admin: 202, superadmin: 200 },
    },
    {
      route: 'GET /api/deals/unapproved',
      call: (t) => api.get('/api/deals/unapproved', { token: t }),
      expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
    },
    {
      route: 'PUT /api/deals/approve/:id',
      call: async (t) =>
        api.put(
          `/api/deals/approve/${(await api.post('/api/deals', deal, { token: token.admin })).body._id}`,
          { action: 'approve' },
          { token: t },
        ),
      expect: { anonymous: 401, seeker: 403, admin: 403, superadmin: 200 },
    },
  ];
  permissionTests(
    it,
    expect,
    cases,
    ['anonymous', 'seeker', 'admin', 'superadmin'] as const,
    (w) => token[w],
  );
});

describe('enquiries', () => {
  it("records a seeker's enquiry from a property page with the defaults, and shows it only to its owner and staff", async () => {
    const res = await api.post(
      '/api/enquiries',
      { name: ' Ama ', phoneNumber: ['+233 24 123 4567'], email: 'not provided', product: propertyId },
      { token: token.seeker },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Ama',
      phoneNumber: ['+233241234567'],
      email: null,
      status: 'Pending',
      priority: 'Moderate',
      furnishStatus: 'Not specified',
      comments: 'No additional comments',
      source: 'property',
      interestedProperty: { _id: propertyId },
      user: { email: emailOf.seeker },
    });
    const own = await api.get('/api/enquiries', { token: token.seeker });
    expect(own.body.map((e: any) => e._id)).toContain(res.body._id);
    const others = await api.get('/api/enquiries', { token: token.other });
    expect(others.body.map((e: any) => e._id)).not.toContain(res.body._id);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ phoneNumber: [] }, 'At least one phone number is required'],
    [{ phoneNumber: ['12345'] }, undefined],
    [{ email: 'bad@' }, undefined],
    [{ propertyType: 'Castle' }, undefined],
    [{ product: 'nosuchproperty0000000000' }, 'Property not found'],
  ])('refuses %o', async (override, message) => {
    const res = await api.post('/api/enquiries', { ...enquiry, ...override }, { token: token.seeker });
    expect([400, 404]).toContain(res.status);
    if (message) expect(res.body.message).toBe(message);
  });

  it('lets staff update priority, status and notes while the client’s message is kept, and search and filter', async () => {
    const created = (
      await api.post(
        '/api/enquiries',
        { ...enquiry, name: 'Searchable Person', phoneNumber: ['0207654321'] },
        { token: token.admin },
      )
    ).body;
    expect(created.source).toBe('staff');
    const updated = await api.put(
      `/api/enquiries/${created._id}`,
      { priority: 'High', status: 'Appointment booked', comments: 'Called back, viewing on Monday' },
      { token: token.admin },
    );
    expect(updated.body).toMatchObject({
      priority: 'High',
      status: 'Appointment booked',
      comments: 'Called back, viewing on Monday',
      message: 'Is it still available?',
    });
    expect(
      (await api.put(`/api/enquiries/${created._id}`, { status: 'Sold' }, { token: token.admin })).status,
    ).toBe(400);
    expect(
      (
        await api.put(
          '/api/enquiries/nosuchenquiry00000000000',
          { status: 'Pending' },
          { token: token.admin },
        )
      ).status,
    ).toBe(404);

    const byPhone = await api.get('/api/enquiries/admin?search=207654321', { token: token.admin });
    expect(byPhone.body.map((e: any) => e._id)).toEqual([created._id]);
    const byName = await api.get('/api/enquiries/admin?search=searchable', { token: token.admin });
    expect(byName.body.map((e: any) => e._id)).toEqual([created._id]);
    const high = await api.get('/api/enquiries/admin?priority=High&status=Appointment%20booked', {
      token: token.admin,
    });
    expect(high.body.every((e: any) => e.priority === 'High' && e.status === 'Appointment booked')).toBe(
      true,
    );
    expect((await api.get('/api/enquiries/admin?priority=Urgent', { token: token.admin })).status).toBe(400);
  });
});

describe('deals', () => {
  it("an admin's deal waits for approval; the superadmin approves or keeps it unapproved", async () => {
    const created = await api.post('/api/deals', { ...deal, product: propertyId }, { token: token.admin });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      approvalStatus: 'unapproved',
      nameOfAgentInvolved: 'No agent involved',
      commissionToAgent: 'No agent involved',
      agentContact: 'No agent involved',
      loggedBy: { email: emailOf.admin },
      product: { _id: propertyId },
    });
    const queue = await api.get('/api/deals/unapproved', { token: token.superadmin });
    expect(queue.body.map((d: any) => d._id)).toContain(created.body._id);
    const kept = await api.put(
      `/api/deals/approve/${created.body._id}`,
      { action: 'unapprove' },
      { token: token.superadmin },
    );
    expect(kept.body).toMatchObject({
      message: 'Deal kept as unapproved',
      deal: { approvalStatus: 'unapproved' },
    });
    const approved = await api.put(
      `/api/deals/approve/${created.body._id}`,
      { action: 'approve' },
      { token: token.superadmin },
    );
    expect(approved.body).toMatchObject({
      message: 'Deal approved successfully!',
      deal: { approvalStatus: 'approved' },
    });
    // An admin's later edit sends it back for approval.
    const edited = await api.put(
      `/api/deals/${created.body._id}`,
      { comments: 'Paid in two parts' },
      { token: token.admin },
    );
    expect(edited.body.approvalStatus).toBe('unapproved');
  });

  it('checks required fields and the tenancy order, also on update', async () => {
    const missing = await api.post('/api/deals', { ...deal, tenantName: '' }, { token: token.admin });
    expect(missing.status).toBe(400);
    const backwards = await api.post(
      '/api/deals',
      { ...deal, tenancyEndDate: '2026-11-01' },
      { token: token.admin },
    );
    expect(backwards.body.message).toBe('Tenancy end date cannot be before the start date');
    const d = (await api.post('/api/deals', deal, { token: token.superadmin })).body;
    const badUpdate = await api.put(
      `/api/deals/${d._id}`,
      { tenancyEndDate: '2026-01-01' },
      { token: token.superadmin },
    );
    expect(badUpdate.status).toBe(400);
    expect(badUpdate.body.message).toBe('Tenancy end date cannot be before the start date');
  });

  it('searches by tenant or closer name, deletes, and 404s a missing deal', async () => {
    const d = (
      await api.post('/api/deals', { ...deal, tenantName: 'Unique Tenantname' }, { token: token.superadmin })
    ).body;
    expect(
      (await api.get('/api/deals?search=unique%20tenant', { token: token.admin })).body.map(
        (x: any) => x._id,
      ),
    ).toEqual([d._id]);
    const del = await api.call('DELETE', `/api/deals/${d._id}`, { token: token.superadmin });
    expect(del.body.message).toBe('Deal deleted successfully');
    expect((await api.call('DELETE', `/api/deals/${d._id}`, { token: token.admin })).status).toBe(404);
    expect(
      (
        await api.put(
          '/api/deals/approve/nosuchdeal00000000000000',
          { action: 'approve' },
          { token: token.superadmin },
        )
      ).status,
    ).toBe(404);
  });
});
