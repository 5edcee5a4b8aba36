// @vitest-environment jsdom
// The Deals screen and the approval queues against a stand-in cms.
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { accraToday, NO_AGENT_INVOLVED, type Deal } from '@fie/domain';
import { setSession } from '../src/lib/session/store';
import { queryClient } from '../src/islands/shared/query-client';
import DealsScreen from '../src/islands/back-office/screens/deals';
import UnapprovedPropertiesScreen from '../src/islands/back-office/screens/unapproved-properties';
import UnapprovedDealsScreen from '../src/islands/back-office/screens/unapproved-deals';
import { changedFields, dealFormValues } from '../src/islands/back-office/deals/deal-dialog';
import { json, STATS, staffScreenTests } from './staff-support';

const shell = { brand: 'Fie Homes', logoUrl: null };
const ACCOUNTS = {
  admin: { id: '2', email: 'admin@fiehomes.local', role: 'admin', fullName: 'Kofi Addo' },
  superadmin: { id: '1', email: 'superadmin@fiehomes.local', role: 'superadmin', fullName: 'Efua Boateng' },
} as const;

const DEAL: Deal = {
  _id: 'deal0001abcdef',
  closerName: 'Kofi Addo',
  dealDate: '2026-11-20',
  commission: 'GH₵ 1,500',
  nameOfAgentInvolved: NO_AGENT_INVOLVED,
  commissionToAgent: NO_AGENT_INVOLVED,
  agentContact: NO_AGENT_INVOLVED,
  tenantName: 'Akosua Mensah',
  tenantContact: '0244123456',
  tenancyStartDate: '2026-12-01',
  tenancyEndDate: '2027-11-30',
  comments: null,
  product: null,
  loggedBy: { _id: 'u2', email: 'admin@fiehomes.local' },
  approvalStatus: 'unapproved',
  changesRequested: 'The commission does not match the receipt.',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T11:00:00.000Z',
};

const PROPERTY = {
  _id: 'prop0001abcdef',
  images: ['/uploads/a.jpg'],
  propertyType: 'Apartment',
  leaseType: 'Rent',
  propertyState: 'New',
  price: '$1500',
  priceAmount: 1500,
  currency: 'USD',
  priceGhs: 18000,
  location: 'Oxford Street, Osu, Accra, a long way down the road',
  city: null,
  nearestLandmark: 'Osu Castle',
  digitalAddress: null,
  numberOfBedrooms: 2,
  numberOfBathrooms: 1,
  numberOfWashrooms: 1,
  furnishStatus: 'Not furnished',
  amenities: [],
  available: true,
  approvalStatus: 'unapproved',
  description: null,
  postedBy: 'user00000002abcdef',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:05:00.123Z',
  changesRequested: null,
};

type Handler = (path: string, init: RequestInit) => Response | undefined;

/** A fetch that answers the stats and what `handle` answers; every call is recorded. */
function cms(handle: Handler) {
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    if (path === '/api/stats') return json(200, STATS);
    return handle(path, init) ?? json(200, {});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const calls = (fetch: ReturnType<typeof cms>, method: string, prefix: string) =>
  fetch.mock.calls.filter(
    ([path, init]) => (init?.method ?? 'GET') === method && String(path).startsWith(prefix),
  );

staffScreenTests();

describe('the deal form', () => {
  it("starts a new deal on today's date (Accra) with blank agent fields, and an edit from the deal", () => {
    const now = new Date('2026-11-23T23:30:00Z');
    expect(dealFormValues(null, now)).toMatchObject({
      dealDate: accraToday(now),
      nameOfAgentInvolved: '',
      commissionToAgent: '',
      agentContact: '',
      comments: '',
    });
    expect(dealFormValues({ ...DEAL, nameOfAgentInvolved: 'Yaw' }, now)).toMatchObject({
      dealDate: '2026-11-20',
      nameOfAgentInvolved: 'Yaw',
      agentContact: '',
    });
  });

  it('sends only what changed, and both tenancy dates when one of them changed', () => {
    const input = {
      ...dealFormValues(DEAL),
      nameOfAgentInvolved: NO_AGENT_INVOLVED,
      commissionToAgent: NO_AGENT_INVOLVED,
      agentContact: NO_AGENT_INVOLVED,
      comments: '',
    };
    expect(changedFields(input as never, { commission: true })).toEqual({ commission: 'GH₵ 1,500' });
    expect(changedFields(input as never, { tenancyEndDate: true })).toEqual({
      tenancyStartDate: '2026-12-01',
      tenancyEndDate: '2027-11-30',
    });
  });
});

describe('Property Deals', () => {
  it('lists the server page with the approval state and the reject note, 20 a page', async () => {
    const fetch = cms((path) =>
      path.startsWith('/api/deals?') ? json(200, [DEAL], { 'x-total-count': '1' }) : undefined,
    );
    setSession('token', ACCOUNTS.admin);
    render(<DealsScreen page="deals" {...shell} />);
    const row = await screen.findByTestId('deal-row');
    expect(within(row).getByText('Pending approval')).toBeTruthy();
    expect(row.textContent).toContain('Changes requested: The commission does not match the receipt.');
    expect(row.textContent).toContain('1 Dec 2026 – 30 Nov 2027');
    expect(screen.getByText('Showing 1-1 of 1 deal')).toBeTruthy();
    expect(calls(fetch, 'GET', '/api/deals?')[0]![0]).toBe('/api/deals?page=1&pageSize=20');
  });

  it('says "No deals yet" when there are none, and shows the load failure with its fallback text', async () => {
    cms((path) => (path.startsWith('/api/deals?') ? json(200, [], { 'x-total-count': '0' }) : undefined));
    setSession('token', ACCOUNTS.admin);
    render(<DealsScreen page="deals" {...shell} />);
    expect(await screen.findByText('No deals yet')).toBeTruthy();
    cleanup();
    queryClient.clear();
    cms((path) => (path.startsWith('/api/deals?') ? json(500, {}) : undefined));
    render(<DealsScreen page="deals" {...shell} />);
    // One retry (the query client's), then the red banner.
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      'Failed to load deals. Please try again.',
    );
  });

  it('checks the tenancy order before sending, then creates the deal and refreshes the list', async () => {
    const fetch = cms((path, init) => {
      if (path.startsWith('/api/deals?')) return json(200, [], { 'x-total-count': '0' });
      if (path === '/api/deals' && init.method === 'POST')
        return json(201, { ...DEAL, ...JSON.parse(String(init.body)), _id: 'new1' });
      return undefined;
    });
    setSession('token', ACCOUNTS.admin);
    render(<DealsScreen page="deals" {...shell} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Deal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Deal' });
    const set = (label: string, value: string) =>
      fireEvent.input(within(dialog).getByLabelText(label), { target: { value } });
    set('Closer name', 'Kofi Addo');
    set('Commission', 'GH₵ 900');
    set('Tenant name', 'Kwame Asante');
    set('Tenant contact', '0201234567');
    set('Tenancy start date', '2027-02-01');
    set('Tenancy end date', '2027-01-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Deal' }));
    expect(await within(dialog).findByText('Tenancy end date cannot be before the start date')).toBeTruthy();
    expect(calls(fetch, 'POST', '/api/deals')).toHaveLength(0);

    set('Tenancy end date', '2028-01-31');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Deal' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/deals')).toHaveLength(1));
    const sent = JSON.parse(String(calls(fetch, 'POST', '/api/deals')[0]![1]!.body));
    expect(sent).toMatchObject({
      closerName: 'Kofi Addo',
      tenantName: 'Kwame Asante',
      nameOfAgentInvolved: NO_AGENT_INVOLVED,
      dealDate: accraToday(new Date()),
    });
    expect(await screen.findAllByText('Deal created successfully')).not.toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls(fetch, 'GET', '/api/deals?').length).toBeGreaterThan(1));
  });

  it('asks "Delete Deal" with the tenant\'s name and deletes', async () => {
    const fetch = cms((path, init) => {
      if (path.startsWith('/api/deals?')) return json(200, [DEAL], { 'x-total-count': '1' });
      if (init.method === 'DELETE') return json(200, { message: 'Deal deleted successfully' });
      return undefined;
    });
    setSession('token', ACCOUNTS.admin);
    render(<DealsScreen page="deals" {...shell} />);
    fireEvent.click(
      within(await screen.findByTestId('deal-row')).getByRole('button', {
        name: 'Delete the deal with Akosua Mensah',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Deal' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the deal with Akosua Mensah?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls(fetch, 'DELETE', '/api/deals/deal0001abcdef')).toHaveLength(1));
    expect(await screen.findAllByText('Deal deleted successfully')).not.toHaveLength(0);
  });
});

describe('the approval queues', () => {
  it('rejects a property with a note, then reloads the queue and the sidebar counts', async () => {
    const fetch = cms((path, init) => {
      if (path.startsWith('/api/products/unapproved?'))
        return json(200, [PROPERTY], { 'x-total-count': '1' });
      if (path.startsWith('/api/products/approve/') && init.method === 'PUT')
        return json(200, { message: 'Property kept as unapproved', product: PROPERTY });
      return undefined;
    });
    setSession('token', ACCOUNTS.superadmin);
    render(<UnapprovedPropertiesScreen page="unapproved-properties" {...shell} />);
    expect(
      screen.getByRole('heading', { name: 'Review and approve properties submitted by admins' }),
    ).toBeTruthy();
    const name = `the property at ${PROPERTY.location}`;
    const row = await screen.findByTestId('pending-property-row');
    expect(within(row).getByText('Oxford Street, Osu, Accra, a l...').getAttribute('title')).toBe(
      PROPERTY.location,
    );
    expect(
      within(row)
        .getByRole('link', { name: `View ${name}` })
        .getAttribute('href'),
    ).toBe('/property/prop0001abcdef');
    // One page: no page numbers (10 a page, numbers only with more than one page).
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(calls(fetch, 'GET', '/api/products/unapproved?')[0]![0]).toBe(
      '/api/products/unapproved?page=1&pageSize=10',
    );
    const statsBefore = calls(fetch, 'GET', '/api/stats').length;

    fireEvent.click(within(row).getByRole('button', { name: `Reject ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject' });
    fireEvent.change(within(dialog).getByLabelText('Note to the submitter (optional)'), {
      target: { value: '  Add kitchen photos.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/products/approve/prop0001abcdef')).toHaveLength(1));
    // The decision names the version the queue showed.
    expect(JSON.parse(String(calls(fetch, 'PUT', '/api/products/approve/')[0]![1]!.body))).toEqual({
      action: 'unapprove',
      note: 'Add kitchen photos.',
      updatedAt: PROPERTY.updatedAt,
    });
    expect(await screen.findAllByText('Property kept as unapproved')).not.toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls(fetch, 'GET', '/api/products/unapproved?').length).toBeGreaterThan(1));
    await waitFor(() => expect(calls(fetch, 'GET', '/api/stats').length).toBeGreaterThan(statsBefore));
  });

  it("shows the server's refusal of an approve, or the fallback message, in the red banner", async () => {
    cms((path, init) => {
      if (path.startsWith('/api/deals/unapproved?')) return json(200, [DEAL], { 'x-total-count': '1' });
      if (path.startsWith('/api/deals/approve/') && init.method === 'PUT') return json(500, {});
      return undefined;
    });
    setSession('token', ACCOUNTS.superadmin);
    render(<UnapprovedDealsScreen page="unapproved-deals" {...shell} />);
    const row = await screen.findByTestId('pending-deal-row');
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(within(row).getByText('admin@fiehomes.local')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Logged By' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Approve the deal with Akosua Mensah' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to approve deal. Please try again.',
    );
  });

  it("offers View for a pending deal's property, and none for a deal closed without one", async () => {
    const withProperty: Deal = {
      ...DEAL,
      _id: 'deal0002abcdef',
      tenantName: 'Yaw Darko',
      product: { _id: 'prop0001abcdef', location: 'Osu' },
    };
    cms((path) =>
      path.startsWith('/api/deals/unapproved?')
        ? json(200, [withProperty, DEAL], { 'x-total-count': '2' })
        : undefined,
    );
    setSession('token', ACCOUNTS.superadmin);
    render(<UnapprovedDealsScreen page="unapproved-deals" {...shell} />);
    const [first, second] = await screen.findAllByTestId('pending-deal-row');
    expect(
      within(first!).getByRole('link', { name: 'View the deal with Yaw Darko' }).getAttribute('href'),
    ).toBe('/property/prop0001abcdef');
    expect(within(second!).queryByRole('link', { name: /View/ })).toBeNull();
  });

  it('an item that changed since the queue showed it: the 409 message, and the queue reloads with the fresh item', async () => {
    const fresh = { ...DEAL, updatedAt: '2026-11-20T12:00:00.000Z', commission: 'GH₵ 1,800' };
    let listed = 0;
    const fetch = cms((path, init) => {
      if (path.startsWith('/api/deals/unapproved?'))
        return json(200, [++listed === 1 ? DEAL : fresh], { 'x-total-count': '1' });
      if (path.startsWith('/api/deals/approve/') && init.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        return body.updatedAt === DEAL.updatedAt
          ? json(409, { message: 'This item changed since you opened it. Review it again.' })
          : json(200, { message: 'Deal approved successfully!', deal: fresh });
      }
      return undefined;
    });
    setSession('token', ACCOUNTS.superadmin);
    render(<UnapprovedDealsScreen page="unapproved-deals" {...shell} />);
    fireEvent.click(
      within(await screen.findByTestId('pending-deal-row')).getByRole('button', {
        name: 'Approve the deal with Akosua Mensah',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This item changed since you opened it. Review it again.',
    );
    // The fresh version is shown, and approving it sends its own updatedAt.
    await waitFor(() => expect(screen.getAllByText('GH₵ 1,800').length).toBeGreaterThan(0));
    fireEvent.click(
      within(screen.getByTestId('pending-deal-row')).getByRole('button', {
        name: 'Approve the deal with Akosua Mensah',
      }),
    );
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/deals/approve/')).toHaveLength(2));
    expect(JSON.parse(String(calls(fetch, 'PUT', '/api/deals/approve/')[1]![1]!.body))).toEqual({
      action: 'approve',
      updatedAt: fresh.updatedAt,
    });
    expect(await screen.findAllByText('Deal approved successfully!')).not.toHaveLength(0);
  });

  it('marks an item an admin asked to delete, whose Approve deletes it and whose Reject keeps it', async () => {
    const asked = {
      ...PROPERTY,
      approvalStatus: 'approved',
      pendingDeletion: true,
      deletionRequestedBy: 'admin@fiehomes.local',
    };
    const fetch = cms((path, init) => {
      if (path.startsWith('/api/products/unapproved?')) return json(200, [asked], { 'x-total-count': '1' });
      if (path.startsWith('/api/products/approve/') && init.method === 'PUT')
        return json(200, { message: 'Property deleted successfully', product: asked });
      return undefined;
    });
    setSession('token', ACCOUNTS.superadmin);
    render(<UnapprovedPropertiesScreen page="unapproved-properties" {...shell} />);
    const row = await screen.findByTestId('pending-property-row');
    expect(within(row).getByText('Delete requested by admin@fiehomes.local')).toBeTruthy();
    expect(within(row).queryByText('Pending approval')).toBeNull();
    const name = `the property at ${PROPERTY.location}`;
    expect(within(row).getByRole('button', { name: `Reject deleting ${name}` }).textContent).toBe('Keep it');
    fireEvent.click(within(row).getByRole('button', { name: `Approve deleting ${name}` }));
    await waitFor(() => expect(calls(fetch, 'PUT', '/api/products/approve/prop0001abcdef')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, 'PUT', '/api/products/approve/')[0]![1]!.body))).toEqual({
      action: 'approve',
      updatedAt: PROPERTY.updatedAt,
    });
    expect(await screen.findAllByText('Property deleted successfully')).not.toHaveLength(0);
  });

  it("an admin's delete that waits for a superadmin says so, not that it was deleted", async () => {
    cms((path, init) => {
      if (path.startsWith('/api/deals?'))
        return json(200, [{ ...DEAL, approvalStatus: 'approved' }], { 'x-total-count': '1' });
      if (init.method === 'DELETE')
        return json(202, { message: "Deletion waits for a superadmin's approval" });
      return undefined;
    });
    setSession('token', ACCOUNTS.admin);
    render(<DealsScreen page="deals" {...shell} />);
    fireEvent.click(
      within(await screen.findByTestId('deal-row')).getByRole('button', {
        name: 'Delete the deal with Akosua Mensah',
      }),
    );
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Deal' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findAllByText("Deletion waits for a superadmin's approval")).not.toHaveLength(0);
    expect(screen.queryByText('Deal deleted successfully')).toBeNull();
  });
});
