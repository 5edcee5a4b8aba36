// The Users and Administrators screens' calls, one function per endpoint; answers
// are parsed with the domain schemas.
import { z } from 'zod';
import { staffUserSchema, type AddAdminInput, type StaffUser } from '@fie/domain';
import { callApi } from '../../../lib/api-call';

const accountAnswer = z.object({ message: z.string(), user: staffUserSchema });
export type AccountAnswer = { message: string; user: StaffUser };

const put = (path: string): Promise<AccountAnswer> =>
  callApi(path, { method: 'PUT', body: '{}' }, accountAnswer, true);

export const peopleApi = {
  /** POST /api/add-admin: a seeker (`role: 'user'`), an admin or a superadmin (superadmin only). */
  add: (input: AddAdminInput): Promise<AccountAnswer> =>
    callApi('/api/add-admin', { method: 'POST', body: JSON.stringify(input) }, accountAnswer, true),
  /** PUT /api/users/:id/deactivate|reactivate (superadmin only; seekers only). */
  setActive: (id: string, active: boolean): Promise<AccountAnswer> =>
    put(`/api/users/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`),
  /** DELETE /api/users/:id/booking-restriction (admin, superadmin): the seeker may book again at once. */
  liftBookingRestriction: (id: string): Promise<AccountAnswer> =>
    callApi(
      `/api/users/${encodeURIComponent(id)}/booking-restriction`,
      { method: 'DELETE' },
      accountAnswer,
      true,
    ),
  /** PUT /api/revoke-admin/:id (superadmin only): the account becomes a seeker and is signed out. */
  revoke: (id: string): Promise<AccountAnswer> => put(`/api/revoke-admin/${encodeURIComponent(id)}`),
};

/** The lists' TanStack Query keys; a change invalidates its list (and the activity log). */
export const peopleKeys = {
  users: ['staff', 'users'] as const,
  admins: ['staff', 'admins'] as const,
  audit: ['staff', 'audit'] as const,
};
