// The enquiries screen's calls, one function per endpoint; answers parsed with the domain schemas.
import { enquirySchema, type Enquiry, type EnquiryCreateInput, type EnquiryUpdateInput } from '@fie/domain';
import { callApi } from '../../../lib/api-call';

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

export const enquiriesApi = {
  /** POST /api/enquiries: staff record an enquiry on a client's behalf (no owner; source "staff"). */
  create: (input: EnquiryCreateInput): Promise<Enquiry> =>
    callApi('/api/enquiries', json('POST', input), enquirySchema, true),
  /** PUT /api/enquiries/:id {priority, status, comments}. */
  update: (id: string, changes: EnquiryUpdateInput): Promise<Enquiry> =>
    callApi(`/api/enquiries/${encodeURIComponent(id)}`, json('PUT', changes), enquirySchema, true),
};

export const enquiryKeys = { list: ['staff', 'enquiries'] as const };
