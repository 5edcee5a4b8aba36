import { useState } from 'react';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { format, parseISO } from 'date-fns';
import { fill, MESSAGES, type Appointment } from '@fie/domain';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { cancellable, isActive, propertyId, propertyLabel } from './appointment-view';
import { BrowseLink, EmptyState } from './empty-state';
import { StatusBadge } from './status-badge';
import { useWords } from '../shared/island-words';
import { ThreadLink } from './thread-link';
import { LANGUAGE_TAGS, type Language } from '../../i18n/routes';
import type { DashboardTexts } from '../../i18n/account';
/** A calendar day (yyyy-MM-dd) as the dashboard writes it: "Mon 9 Mar 2026", "lun. 9 mars 2026". */
export function formatViewingDate(date: string, language: Language = 'en'): string {
  try {
    if (language === 'en') return format(parseISO(date), 'EEE d MMM yyyy');
    return new Intl.DateTimeFormat(LANGUAGE_TAGS[language].html, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${date}T12:00:00Z`));
  } catch {
    return date;
  }
}

/** My Appointments: the seeker's own viewings; cancel while more than 24 hours ahead. */
export function AppointmentsTab({ query }: { query: UseQueryResult<Appointment[]> }) {
  const { t, say } = useWords<DashboardTexts>();
  if (query.isPending)
    return (
      <p role="status" className="py-8 text-center text-stone-600">
        {t.loadingAppointments}
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        {say(MESSAGES.loadAppointmentsFailed)}
      </p>
    );
  if (query.data.length === 0)
    return (
      <EmptyState
        title={say(MESSAGES.noAppointmentsFound)}
        detail={say(MESSAGES.noAppointmentsFoundDetail)}
        action={<BrowseLink />}
      />
    );
  const sorted = [...query.data].sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return (
    <ul className="space-y-3">
      {sorted.map((appointment) => (
        <AppointmentRow key={appointment._id} appointment={appointment} />
      ))}
    </ul>
  );
}

/**
 * Where to go, for a viewing still active: the landmark and the Ghana Post GPS address, which the
 * API gives the seeker only while the viewing is active (the public never reads the GPS address).
 */
function ViewingPlace({ appointment }: { appointment: Appointment }) {
  const { t } = useWords<DashboardTexts>();
  const product = appointment.product;
  if (!product || typeof product !== 'object' || !isActive(appointment)) return null;
  return (
    <>
      {product.nearestLandmark && (
        <p className="mt-1 text-sm text-stone-700">
          {fill(t.nearLandmark, { landmark: product.nearestLandmark })}
        </p>
      )}
      {product.digitalAddress && (
        <p className="mt-1 text-sm text-stone-700" data-testid="viewing-gps">
          {fill(t.gpsAddress, { gps: product.digitalAddress })}
        </p>
      )}
    </>
  );
}

function AppointmentRow({ appointment }: { appointment: Appointment }) {
  const { t, value, language, link } = useWords<DashboardTexts>();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => accountApi.cancelAppointment(appointment._id),
    onSuccess: () => {
      toast.success(t.viewingCancelled);
      void client.invalidateQueries({ queryKey: accountKeys.appointments });
    },
    onError: (error) => toast.error(messageOf(error, t.cancelFailed)),
    onSettled: () => setConfirming(false),
  });
  const id = propertyId(appointment);
  const label = propertyLabel(appointment, t, value);
  const canCancel = cancellable(appointment, new Date());

  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" data-testid="appointment">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold text-ink">
            {id ? (
              <a href={link(`/property/${id}`)} className="hover:text-brand-700 hover:underline">
                {label}
              </a>
            ) : (
              label
            )}
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            {fill(t.viewingAt, {
              date: formatViewingDate(appointment.date, language),
              time: appointment.time,
            })}
          </p>
          <ViewingPlace appointment={appointment} />
          {appointment.comments && <p className="mt-1 text-sm text-stone-600">“{appointment.comments}”</p>}
        </div>
        <StatusBadge status={appointment.status} />
      </div>
      <ThreadLink kind="appointment" id={appointment._id} />
      {canCancel && (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-stone-100 pt-3">
          {confirming ? (
            <>
              <span className="text-sm text-stone-800">{t.cancelThisViewing}</span>
              <button
                type="button"
                onClick={() => cancel.mutate()}
                disabled={cancel.isPending}
                className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              >
                {cancel.isPending ? t.cancelling : t.yesCancel}
              </button>
              <button
                type="button"
                onClick={() => setConfirming(false)}
                className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
              >
                {t.keepIt}
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
            >
              {t.cancelViewing}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
