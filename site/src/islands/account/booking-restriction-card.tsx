import { useSession } from '../../lib/session/use-session';
import { BookingRestrictionNotice, useBookingRestriction } from '../shared/booking-restriction';

/** The dashboard's word on the no-show rule: shown only while the seeker's booking is paused. */
export function BookingRestrictionCard() {
  const { session } = useSession();
  const restriction = useBookingRestriction(session?.user.role === 'user');
  return <BookingRestrictionNotice restriction={restriction.data} />;
}
