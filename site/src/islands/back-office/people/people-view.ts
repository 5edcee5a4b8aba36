// What the Users and Administrators screens say about an account: pure
// functions and texts, so the screens and their tests share them.
import { format } from 'date-fns';
import { accraDayLabel, formatGhanaPhone, MESSAGES, shortId, type Role, type StaffUser } from '@fie/domain';
import { badge } from '../kit';

export const ROLE_LABEL: Record<Role, string> = {
  user: 'User',
  admin: 'Administrator',
  superadmin: 'Super Admin',
};

/** The warning the add-admin dialog shows under the role choice. */
export const SUPER_ADMIN_WARNING =
  'Super admins have the highest access and can manage other administrators.';

/** "Active" or "Deactivated", with its badge. An answer without `active` is an active account. */
export function accountState(user: Pick<StaffUser, 'active'>): {
  label: 'Active' | 'Deactivated';
  className: string;
} {
  return user.active === false
    ? { label: 'Deactivated', className: badge.red }
    : { label: 'Active', className: badge.green };
}

/** How staff name an account: its e-mail, or its mobile number when it signs in by number alone. */
export function accountLabel(user: Pick<StaffUser, 'email' | 'phone'>): string {
  return user.email || (user.phone ? formatGhanaPhone(user.phone) : '—');
}

/** The first 8 characters of the id (SHORT_ID_LENGTH). */
export const displayId = (user: Pick<StaffUser, '_id'>) => shortId(user._id);

/** "23 Nov 2026", or a dash when the server has no date. */
export function joinedOn(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'd MMM yyyy');
}

/** The confirmation and answers of Deactivate / Reactivate. */
export function activeChange(user: Pick<StaffUser, 'email' | 'phone' | 'active'>) {
  const deactivating = user.active !== false;
  return deactivating
    ? {
        activate: false,
        title: 'Deactivate user',
        confirmLabel: 'Deactivate',
        message: `Deactivate ${accountLabel(user)}? They are signed out at once and cannot sign in until reactivated; their upcoming viewings are cancelled and they are told by e-mail.`,
        failed: 'Failed to deactivate user. Please try again.',
      }
    : {
        activate: true,
        title: 'Reactivate user',
        confirmLabel: 'Reactivate',
        message: `Reactivate ${accountLabel(user)}? They can sign in again at once.`,
        failed: 'Failed to reactivate user. Please try again.',
      };
}

/** The revoke confirmation, which says that revoking removes admin panel access. */
export function revokeText(user: Pick<StaffUser, 'email' | 'phone' | 'role'>) {
  return {
    title: 'Revoke admin privileges',
    confirmLabel: 'Revoke',
    message: `Revoke the ${ROLE_LABEL[user.role].toLowerCase()} privileges of ${accountLabel(user)}? Revoking removes admin panel access: the account becomes a regular user and is signed out at once.`,
    failed: MESSAGES.revokeAdminFailed,
  };
}

/** "No users yet" or, when a search narrows the list, "No users found". */
export function emptyTitle(noun: 'users' | 'administrators', narrowed: boolean): string {
  return narrowed ? `No ${noun} found` : `No ${noun} yet`;
}

/** "Booking paused: can book from Monday 14 December 2026" while the no-show rule pauses a seeker, else null. */
export function bookingPause(user: Pick<StaffUser, 'bookingRestrictedUntil'>): string | null {
  if (!user.bookingRestrictedUntil) return null;
  const until = new Date(user.bookingRestrictedUntil);
  return Number.isNaN(until.getTime()) ? null : `Booking paused: can book from ${accraDayLabel(until)}`;
}

/** "Code text undelivered 7 Dec 16:20" when the last code texted to the seeker's number did not arrive, else null. */
export function codeTextFailure(user: Pick<StaffUser, 'codeTextFailedAt'>): string | null {
  if (!user.codeTextFailedAt) return null;
  const when = new Date(user.codeTextFailedAt);
  return Number.isNaN(when.getTime()) ? null : `Code text undelivered ${format(when, 'd MMM HH:mm')}`;
}

/** The confirmation of lifting a seeker's booking pause. */
export function liftText(user: Pick<StaffUser, 'email' | 'phone' | 'bookingRestrictedUntil'>) {
  return {
    title: 'Lift booking restriction',
    confirmLabel: 'Lift restriction',
    message: `Let ${accountLabel(user)} book viewings again now? The missed viewings recorded so far will no longer count. This is kept in the activity log.`,
    failed: MESSAGES.liftBookingRestrictionFailed,
  };
}
