// The Deals screen's calls, one function per endpoint, answers parsed with the domain schemas.
import { dealSchema, messageResponseSchema, type Deal, type DealInput, type DealUpdate } from '@fie/domain';
import { callApi } from '../../../lib/api-call';

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const dealsApi = {
  /** POST /api/deals: an admin's deal waits for approval; a superadmin's counts at once. */
  create: (input: DealInput): Promise<Deal> => callApi('/api/deals', json('POST', input), dealSchema, true),
  /** PUT /api/deals/:id with the changed fields (an admin's edit sends the deal back to the queue). */
  update: (id: string, changes: DealUpdate): Promise<Deal> =>
    callApi(`/api/deals/${encodeURIComponent(id)}`, json('PUT', changes), dealSchema, true),
  remove: (id: string) =>
    callApi(`/api/deals/${encodeURIComponent(id)}`, { method: 'DELETE' }, messageResponseSchema, true),
};

/** TanStack Query keys: the staff deal list (GET /api/deals, server-paged). */
export const dealKeys = {
  list: ['staff', 'deals'] as const,
};

/** The server pages the deal list 20 at a time, so the screen stays fast with thousands of deals. */
export const DEALS_PAGE_SIZE = 20;
