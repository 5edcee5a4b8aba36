import { useId, useState, type SyntheticEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  appointmentUpdateSchema,
  MESSAGES,
  STAFF_APPOINTMENT_STATUSES,
  type Appointment,
  type AppointmentUpdate,
} from '@fie/domain';
import { Dialog, DialogActions, selectClass } from '../kit';
import { ErrorBanner, inputClass } from '../../shared/form-field';
import { ApiError, messageOf } from '../../../lib/api-call';
import { appointmentKeys, appointmentsApi } from './appointments-api';
import { clientOf, propertyOf } from './appointment-view';
import { fieldErrors } from './field-errors';
import { SlotFields } from './slot-fields';

/** The times the dialog offers for `date`: its free slots, plus the viewing's own time on its own day. */
export function offeredTimes(
  appointment: Pick<Appointment, 'date' | 'time'>,
  date: string,
  free: readonly string[],
): string[] {
  const times = new Set(free);
  if (date === appointment.date) times.add(appointment.time);
  return [...times].sort();
}

/**
 * "Update Appointment": the client's e-mail and the property's location, then
 * date, time, status and comments. A new date or time is chosen from the property's free slots;
 * the viewing's current date and time stay on offer. The server checks the slot again (409 if taken).
 */
export default function UpdateAppointmentDialog({
  appointment,
  onClose,
  onSaved,
}: {
  appointment: Appointment;
  onClose: () => void;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = { status: useId(), comments: useId(), noShow: useId() };
  const [date, setDate] = useState(appointment.date);
  const [time, setTime] = useState(appointment.time);
  const [status, setStatus] = useState<string>(appointment.status);
  const [comments, setComments] = useState(appointment.comments ?? '');
  const [noShow, setNoShow] = useState(Boolean(appointment.clientNoShow));
  // "Now" as the dialog opened: whether the viewing had started then.
  const [openedAt] = useState(() => Date.now());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const propertyId =
    appointment.product && typeof appointment.product === 'object' ? appointment.product._id : null;

  const slots = useQuery({
    queryKey: appointmentKeys.slots(propertyId ?? ''),
    queryFn: () => appointmentsApi.slots(propertyId!),
    enabled: Boolean(propertyId),
    staleTime: 0,
    retry: false,
  });
  const free = slots.data ?? [];
  const dates = [...new Set([appointment.date, ...free.map((d) => d.date)])].sort();
  const times = offeredTimes(appointment, date, free.find((d) => d.date === date)?.slots ?? []);

  const save = useMutation({
    mutationFn: (changes: AppointmentUpdate) => appointmentsApi.update(appointment._id, changes),
    onSuccess: onSaved,
    onError: (error) => {
      setFailure(messageOf(error, MESSAGES.updateAppointmentFailed));
      toast.error(MESSAGES.updateAppointmentFailed);
      if (error instanceof ApiError && error.status === 409 && propertyId)
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.slots(propertyId) });
    },
  });

  // "Client did not attend" goes with Unsuccessful, once the viewing (as it stands) has started.
  const offerNoShow =
    status === 'Unsuccessful' &&
    date === appointment.date &&
    time === appointment.time &&
    new Date(appointment.startsAt).getTime() <= openedAt;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    // Only what changed goes out: an unchanged date and time are not checked against the calendar again.
    const moved = date !== appointment.date || time !== appointment.time;
    const parsed = appointmentUpdateSchema.safeParse({
      ...(moved ? { date, time } : {}),
      ...(status !== appointment.status ? { status } : {}),
      ...(comments !== (appointment.comments ?? '') ? { comments } : {}),
      // Only with Unsuccessful; another status clears it on the server.
      ...(offerNoShow && noShow !== Boolean(appointment.clientNoShow) ? { clientNoShow: noShow } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    if (Object.keys(parsed.data).length === 0) onClose();
    else save.mutate(parsed.data);
  };

  const dirty =
    date !== appointment.date ||
    time !== appointment.time ||
    status !== appointment.status ||
    comments !== (appointment.comments ?? '') ||
    noShow !== Boolean(appointment.clientNoShow);
  const client = clientOf(appointment);
  const property = propertyOf(appointment);
  return (
    <Dialog title="Update Appointment" onClose={onClose} dirty={dirty}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
        <dl className="grid gap-3 rounded-lg bg-stone-50 p-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold text-stone-700">Client</dt>
            <dd className="break-all text-ink">{client.email}</dd>
          </div>
          <div>
            <dt className="font-semibold text-stone-700">Property</dt>
            <dd className="text-ink">{property.location}</dd>
          </div>
        </dl>
        <SlotFields
          date={{
            value: date,
            error: errors.date,
            onChange: (next) => {
              setDate(next);
              // Keep the time when it is still free on the new day.
              const nextTimes = offeredTimes(
                appointment,
                next,
                free.find((d) => d.date === next)?.slots ?? [],
              );
              if (!nextTimes.includes(time)) setTime('');
            },
          }}
          time={{
            value: time,
            placeholder: 'Select a time',
            error: errors.time,
            onChange: (value) => {
              setTime(value);
              setErrors((current) => ({ ...current, time: '' }));
            },
          }}
          days={dates.map((d) => ({
            date: d,
            open: d === appointment.date || (free.find((f) => f.date === d)?.slots.length ?? 0) > 0,
          }))}
          times={times}
        />
        {slots.isPending && propertyId && (
          <p className="text-sm text-stone-700" role="status">
            Loading free times…
          </p>
        )}
        {slots.isError && (
          <p className="text-sm text-stone-700">
            Free times could not be loaded; the viewing can keep its date and time.
          </p>
        )}
        <div>
          <label htmlFor={ids.status} className="block text-sm font-semibold text-stone-800">
            Status
          </label>
          <select
            id={ids.status}
            className={selectClass}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          >
            {!(STAFF_APPOINTMENT_STATUSES as readonly string[]).includes(appointment.status) && (
              <option value={appointment.status} disabled>
                {appointment.status}
              </option>
            )}
            {STAFF_APPOINTMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {errors.status && <p className="mt-1 text-sm text-red-700">{errors.status}</p>}
        </div>
        {offerNoShow && (
          <div className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
            <input
              id={ids.noShow}
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
              checked={noShow}
              onChange={(e) => setNoShow(e.target.checked)}
            />
            <label htmlFor={ids.noShow} className="text-sm">
              <span className="block font-semibold text-ink">Client did not attend</span>
              <span className="block text-stone-700">
                Repeated missed viewings pause the client&apos;s booking, as the system settings say.
              </span>
            </label>
          </div>
        )}
        {errors.clientNoShow && <p className="text-sm text-red-700">{errors.clientNoShow}</p>}
        <div>
          <label htmlFor={ids.comments} className="block text-sm font-semibold text-stone-800">
            Comments
          </label>
          <textarea
            id={ids.comments}
            rows={3}
            maxLength={1000}
            className={inputClass}
            value={comments}
            onChange={(e) => setComments(e.target.value)}
          />
        </div>
        <DialogActions
          onCancel={onClose}
          submitLabel="Update Appointment"
          busy={save.isPending}
          busyLabel="Updating…"
        />
      </form>
    </Dialog>
  );
}
