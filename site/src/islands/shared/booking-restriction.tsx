// The no-show rule as a seeker meets it: whether their booking is paused and from which day they may
// book again, read from the cms (GET /api/appointments/booking-restriction), shown in the booking form
// before they pick a slot and on their dashboard.
import { useQuery } from '@tanstack/react-query';
import { bookingRestrictionSchema, type BookingRestriction } from '@fie/domain';
import { callApi } from '../../lib/api-call';
import { useWords } from './island-words';
import type { NoticeWords } from '../../i18n/island-defaults';

export const bookingRestrictionKey = ['account', 'booking-restriction'] as const;

export const fetchBookingRestriction = (): Promise<BookingRestriction> =>
  callApi('/api/appointments/booking-restriction', { method: 'GET' }, bookingRestrictionSchema, true);

/** The signed-in seeker's restriction; staff accounts, which do not book for themselves, never ask. */
export function useBookingRestriction(enabled: boolean) {
  return useQuery({
    queryKey: bookingRestrictionKey,
    queryFn: fetchBookingRestriction,
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** "Viewing bookings paused", why and from which day they may book again; nothing when they may book. */
export function BookingRestrictionNotice({
  restriction,
  className = '',
}: {
  restriction: BookingRestriction | undefined;
  className?: string;
}) {
  // Also on the English-only back-office's people screens, whose page carries the English words.
  const { t } = useWords<NoticeWords>();
  if (!restriction?.restricted || !restriction.restrictedUntil) return null;
  return (
    <section
      role="status"
      aria-labelledby="booking-paused-title"
      data-testid="booking-restriction"
      className={`rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 ${className}`}
    >
      <h2 id="booking-paused-title" className="font-semibold">
        {t.bookingPaused}
      </h2>
      <p className="mt-1 text-sm">{restriction.message}</p>
      <p className="mt-1 text-sm">{t.stillBrowse}</p>
    </section>
  );
}
