import { lazy, Suspense, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appointmentListSchema,
  appointmentMarkedAs,
  MESSAGES,
  type Appointment,
  type StaffAppointmentStatus,
} from '@fie/domain';
import {
  Banners,
  FilterSelect,
  ListToolbar,
  LoadFailure,
  SearchBox,
  StaffListPanel,
  StaffTable,
  badge,
  rowButton,
  smallPrimaryButton,
  useBanners,
  useStaffList,
  type StaffColumn,
} from '../kit';
import { appointmentKeys, appointmentsApi } from './appointments-api';
import {
  canRecordNoShow,
  clientOf,
  dayLabel,
  propertyOf,
  ROW_ACTIONS,
  STATUS_BADGE,
  STATUS_FILTER,
  updatedLabel,
} from './appointment-view';

// Loaded when opened, so the page's first load stays small.
const ScheduleDialog = lazy(() => import('./schedule-dialog'));
const UpdateDialog = lazy(() => import('./update-appointment-dialog'));

/**
 * The Appointments screen: every viewing, newest first, searched and filtered on
 * the server; a row's quick outcomes, the edit dialog, and "Schedule Appointment" for a client.
 */
export function AppointmentsManager() {
  const list = useStaffList({
    key: appointmentKeys.list,
    path: '/api/appointments/all',
    schema: appointmentListSchema,
    filters: { status: '' },
  });
  const banners = useBanners();
  const queryClient = useQueryClient();
  const [scheduling, setScheduling] = useState(false);
  const [editing, setEditing] = useState<Appointment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appointmentKeys.list });

  const mark = useMutation({
    mutationFn: ({ id, status, noShow }: { id: string; status: StaffAppointmentStatus; noShow?: boolean }) =>
      appointmentsApi.mark(id, status, noShow),
    onSuccess: (a, { noShow }) =>
      banners.succeed(noShow ? MESSAGES.clientNoShowRecorded : appointmentMarkedAs(a.status)),
    onError: (error) =>
      banners.fail(error, MESSAGES.updateAppointmentStatusFailed, {
        toastText: MESSAGES.updateAppointmentStatusFailed,
      }),
    onSettled: refresh,
  });
  const busyId = mark.isPending ? mark.variables?.id : undefined;

  const actions = (a: Appointment) => (
    <div className="flex flex-wrap gap-1.5">
      <a
        href={`/messages/appointment/${a._id}`}
        className={rowButton}
        aria-label={`Messages about the viewing on ${a.date} ${a.time}`}
      >
        Messages
      </a>
      {ROW_ACTIONS.map((status) => (
        <button
          key={status}
          type="button"
          className={rowButton}
          disabled={busyId === a._id || a.status === status}
          onClick={() => mark.mutate({ id: a._id, status })}
          aria-label={`Mark ${clientOf(a).email} on ${a.date} ${a.time} as ${status}`}
        >
          {status}
        </button>
      ))}
      {canRecordNoShow(a, new Date()) && (
        <button
          type="button"
          className={rowButton}
          disabled={busyId === a._id}
          onClick={() => mark.mutate({ id: a._id, status: 'Unsuccessful', noShow: true })}
          aria-label={`Record that ${clientOf(a).email} did not attend on ${a.date} ${a.time}`}
        >
          Client did not attend
        </button>
      )}
      <button
        type="button"
        className={rowButton}
        onClick={() => setEditing(a)}
        aria-label={`Edit appointment of ${clientOf(a).email} on ${a.date} ${a.time}`}
      >
        Edit
      </button>
    </div>
  );

  const status = (a: Appointment) => (
    <>
      <span className={badge[STATUS_BADGE[a.status]]}>{a.status}</span>
      {a.clientNoShow && (
        <span className="mt-1 block text-xs font-semibold text-red-800">Client did not attend</span>
      )}
      <span className="mt-1 block text-xs text-stone-700">Updated: {updatedLabel(a.updatedAt)}</span>
    </>
  );

  const columns: StaffColumn<Appointment>[] = [
    {
      header: 'Client',
      cell: (a) => {
        const client = clientOf(a);
        return (
          <>
            <span className="block break-all font-medium text-ink">{client.email}</span>
            <span className="text-xs text-stone-700">ID: {client.id}</span>
          </>
        );
      },
    },
    {
      header: 'Property',
      cell: (a) => {
        const property = propertyOf(a);
        return (
          <>
            <span className="block font-medium text-ink">{property.type}</span>
            <span className="text-stone-700">{property.location}</span>
          </>
        );
      },
    },
    {
      header: 'Schedule',
      cell: (a) => (
        <>
          <span className="block text-ink">{dayLabel(a.date)}</span>
          <span className="text-stone-700">{a.time}</span>
        </>
      ),
      cellClass: 'whitespace-nowrap',
    },
    { header: 'Status', cell: status },
    { header: 'Actions', cell: actions },
  ];

  return (
    <div>
      <Banners state={banners} />
      <ListToolbar
        heading="Appointments"
        action={
          <button type="button" className={smallPrimaryButton} onClick={() => setScheduling(true)}>
            Schedule Appointment
          </button>
        }
      >
        <SearchBox
          label="Search appointments"
          placeholder="Search appointments..."
          value={list.search}
          onChange={list.setSearch}
        />
        <FilterSelect
          label="Filter by status"
          value={list.filters.status ?? ''}
          onChange={(v) => list.setFilter('status', v)}
          options={STATUS_FILTER}
        />
      </ListToolbar>

      <LoadFailure error={list.query.error} fallback={MESSAGES.loadAppointmentsFailed} />
      <StaffListPanel
        list={list}
        label="Appointments"
        busy={list.searching || undefined}
        loading="Loading appointments…"
        empty={{
          title: list.narrowed ? MESSAGES.noAppointmentsMatch : MESSAGES.noAppointmentsYet,
          text: list.narrowed
            ? 'Try another search or status.'
            : 'Viewings booked by clients or scheduled here appear in this list.',
        }}
        noun={['appointment', 'appointments']}
      >
        {(items) => (
          <StaffTable
            items={items}
            columns={columns}
            rowTestId="appointment-row"
            cardTestId="appointment-card"
            cardClass="space-y-2 p-4 text-sm"
            card={(a) => {
              const client = clientOf(a);
              const property = propertyOf(a);
              return (
                <>
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="break-all font-medium text-ink">{client.email}</p>
                      <p className="text-xs text-stone-700">ID: {client.id}</p>
                    </div>
                    <div className="shrink-0 text-right">{status(a)}</div>
                  </div>
                  <p className="text-ink">
                    {property.type} · <span className="text-stone-700">{property.location}</span>
                  </p>
                  <p className="text-ink">
                    {dayLabel(a.date)} at {a.time}
                  </p>
                  {actions(a)}
                </>
              );
            }}
          />
        )}
      </StaffListPanel>

      <Suspense fallback={null}>
        {scheduling && (
          <ScheduleDialog
            onClose={() => setScheduling(false)}
            onScheduled={() => {
              setScheduling(false);
              // Newest first: the new viewing is at the top of the first page.
              list.setPage(1);
              banners.succeed(MESSAGES.appointmentScheduled);
              void refresh();
            }}
          />
        )}
        {editing && (
          <UpdateDialog
            appointment={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              banners.succeed(MESSAGES.appointmentUpdated);
              void refresh();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
