import { useCallback, useId, useState, type SyntheticEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { adminBookingSchema, MESSAGES, type Property, type StaffUser } from '@fie/domain';
import { Dialog, DialogActions } from '../kit';
import { ErrorBanner, inputClass } from '../../shared/form-field';
import { ApiError, messageOf } from '../../../lib/api-call';
import { appointmentKeys, appointmentsApi } from './appointments-api';
import { fieldErrors } from './field-errors';
import { SearchPicker } from './search-picker';
import { SlotFields } from './slot-fields';
import { accountLabel } from '../people/people-view';

const propertyText = (p: Property) => `${p.location} (${p.propertyType})`;

/**
 * "Schedule Appointment for User": pick a seeker and a property by searching the
 * server, then a date of the next 14 weekdays and one of its FREE slots, and optional comments.
 */
export default function ScheduleDialog({
  onClose,
  onScheduled,
}: {
  onClose: () => void;
  onScheduled: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = { comments: useId() };
  const [user, setUser] = useState<StaffUser | null>(null);
  const [property, setProperty] = useState<Property | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [comments, setComments] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const loadFailed = useCallback(
    (error: unknown) => setFailure(messageOf(error, MESSAGES.loadUsersAndPropertiesFailed)),
    [],
  );

  const slots = useQuery({
    queryKey: appointmentKeys.slots(property?._id ?? ''),
    queryFn: () => appointmentsApi.slots(property!._id),
    enabled: Boolean(property),
    staleTime: 0,
  });
  const days = slots.data ?? [];
  const times = days.find((d) => d.date === date)?.slots ?? [];

  const schedule = useMutation({
    mutationFn: appointmentsApi.schedule,
    onSuccess: onScheduled,
    onError: (error) => {
      setFailure(messageOf(error, MESSAGES.bookingFailed));
      toast.error(MESSAGES.scheduleAppointmentFailed);
      // Someone took the slot meanwhile: offer what is free now.
      if (error instanceof ApiError && error.status === 409 && property)
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.slots(property._id) });
    },
  });

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = adminBookingSchema.safeParse({
      userEmail: user?.email,
      userId: user?._id ?? '',
      productId: property?._id ?? '',
      date,
      time,
      comments,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    schedule.mutate(parsed.data);
  };

  const dirty = Boolean(user || property || date || time || comments.trim());
  return (
    <Dialog title="Schedule Appointment for User" onClose={onClose} dirty={dirty} size="md">
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
        <SearchPicker<StaffUser>
          label="User"
          placeholder="Search users by e-mail or mobile number…"
          value={user}
          onChange={(u) => {
            setUser(u);
            setErrors((e) => ({ ...e, userId: '' }));
          }}
          search={appointmentsApi.users}
          queryKey={appointmentKeys.users}
          idOf={(u) => u._id}
          textOf={accountLabel}
          render={(u) => (
            <>
              <span className="block break-all font-medium">{accountLabel(u)}</span>
              {u.fullName && <span className="text-stone-700">{u.fullName}</span>}
            </>
          )}
          error={errors.userId || undefined}
          onLoadError={loadFailed}
          noMatches="No users match this e-mail or number"
        />
        <SearchPicker<Property>
          label="Property"
          placeholder="Search properties by location or type…"
          value={property}
          onChange={(p) => {
            setProperty(p);
            setDate('');
            setTime('');
            setErrors((e) => ({ ...e, productId: '' }));
          }}
          search={appointmentsApi.properties}
          queryKey={appointmentKeys.properties}
          idOf={(p) => p._id}
          textOf={propertyText}
          render={(p) => (
            <>
              <span className="block font-medium">{p.location}</span>
              <span className="text-stone-700">
                {p.propertyType} · {p.numberOfBedrooms} beds · {p.numberOfBathrooms} baths
              </span>
            </>
          )}
          error={errors.productId || undefined}
          onLoadError={loadFailed}
          noMatches="No properties match this search"
        />
        <SlotFields
          date={{
            value: date,
            placeholder: property
              ? slots.isPending
                ? 'Loading dates…'
                : 'Select a date'
              : 'Select a property first',
            disabled: !property || slots.isPending,
            error: errors.date,
            onChange: (value) => {
              setDate(value);
              setTime('');
              setErrors((current) => ({ ...current, date: '' }));
            },
          }}
          time={{
            value: time,
            placeholder: date ? 'Select a time' : 'Select a date first',
            disabled: !date,
            error: errors.time,
            onChange: (value) => {
              setTime(value);
              setErrors((current) => ({ ...current, time: '' }));
            },
          }}
          days={days.map((d) => ({ date: d.date, open: d.slots.length > 0 }))}
          times={times}
        />
        {slots.isError && (
          <p className="text-sm text-red-700">
            {messageOf(slots.error, MESSAGES.loadUsersAndPropertiesFailed)}
          </p>
        )}
        <div>
          <label htmlFor={ids.comments} className="block text-sm font-semibold text-stone-800">
            Comments <span className="font-normal text-stone-700">(optional)</span>
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
          submitLabel="Schedule Appointment"
          busy={schedule.isPending}
          busyLabel="Scheduling…"
        />
      </form>
    </Dialog>
  );
}
