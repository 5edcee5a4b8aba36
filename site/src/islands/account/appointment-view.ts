// How a viewing reads on the seeker's dashboard, and whether it may still be cancelled.
import {
  ACTIVE_APPOINTMENT_STATUSES,
  canCancel,
  fill,
  splitPropertyLabel,
  type Appointment,
} from '@fie/domain';

/**
 * The viewing's property as the screen names it: "{type} in {location}" and the gone-property words
 * from the screen's texts, the type's word from `value`. A deleted property is named by the label the
 * viewing kept (English, as staff search it), its type and place put in the screen's words too.
 */
export function propertyLabel(
  appointment: Appointment,
  t: { typeIn: string; propertyGone: string },
  value: (stored: string) => string,
): string {
  const product = appointment.product;
  if (product && typeof product === 'object' && product.propertyType && product.location)
    return fill(t.typeIn, { type: value(product.propertyType), location: product.location });
  const kept = appointment.propertyLabel ? splitPropertyLabel(appointment.propertyLabel) : null;
  if (kept) return fill(t.typeIn, { type: value(kept.propertyType), location: kept.location });
  return appointment.propertyLabel ?? t.propertyGone;
}

export function propertyId(appointment: Appointment): string | null {
  const product = appointment.product;
  if (!product) return null;
  return typeof product === 'string' ? product : product._id;
}

/** Ongoing or Rescheduled: the viewing is still to take place. */
export const isActive = (a: Appointment) =>
  (ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(a.status);

/** Active viewings more than 24 hours ahead may be cancelled by the seeker. */
export function cancellable(appointment: Appointment, now: Date): boolean {
  return isActive(appointment) && canCancel(new Date(appointment.startsAt), now);
}

/** Active viewings still to come, soonest first. */
export function upcoming(appointments: Appointment[], now: Date): Appointment[] {
  return appointments
    .filter((a) => isActive(a) && new Date(a.startsAt).getTime() > now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}
