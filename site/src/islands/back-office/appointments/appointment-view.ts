// How an appointment reads in the back-office list: client, property, schedule, status.
import { format } from 'date-fns';
import { shortId, STAFF_APPOINTMENT_STATUSES, type Appointment, type AppointmentStatus } from '@fie/domain';

export const STATUS_FILTER = [
  { value: '', label: 'All Statuses' },
  ...STAFF_APPOINTMENT_STATUSES.map((s) => ({ value: s, label: s })),
] as const;

/** The row's quick outcomes, in the order its buttons show them. */
export const ROW_ACTIONS = ['Successful', 'Rescheduled', 'Unsuccessful'] as const;

/**
 * Whether staff may record that the client did not attend: from the viewing's start on (the cms checks
 * the same against its clock), not for a cancelled viewing, and not twice.
 */
export function canRecordNoShow(
  a: Pick<Appointment, 'startsAt' | 'status' | 'clientNoShow'>,
  now: Date,
): boolean {
  return !a.clientNoShow && a.status !== 'Cancelled' && new Date(a.startsAt).getTime() <= now.getTime();
}

export function clientOf(a: Appointment): { email: string; id: string } {
  if (a.user && typeof a.user === 'object') return { email: a.user.email, id: shortId(a.user._id) };
  return { email: 'Deleted account', id: typeof a.user === 'string' ? shortId(a.user) : '—' };
}

/** Type and location of the property, or the label kept when the property was deleted. */
export function propertyOf(a: Appointment): { type: string; location: string } {
  if (a.product && typeof a.product === 'object' && a.product.location)
    return { type: a.product.propertyType ?? '', location: a.product.location };
  const label = a.propertyLabel ?? '';
  const at = label.indexOf(' in ');
  return at > 0
    ? { type: label.slice(0, at), location: label.slice(at + 4) }
    : { type: '', location: label || 'Deleted property' };
}

/** "Mon 30 Nov 2026" for a yyyy-MM-dd date (read as a calendar day, never shifted by time zones). */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return format(new Date(y!, m! - 1, d!), 'EEE d MMM yyyy');
}

export const updatedLabel = (iso: string | null) => (iso ? format(new Date(iso), 'd MMM yyyy') : '—');

export const STATUS_BADGE: Record<AppointmentStatus, 'blue' | 'green' | 'red' | 'amber' | 'grey'> = {
  Ongoing: 'blue',
  Successful: 'green',
  Unsuccessful: 'red',
  Rescheduled: 'amber',
  Cancelled: 'grey',
};
