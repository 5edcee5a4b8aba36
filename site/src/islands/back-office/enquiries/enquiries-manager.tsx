import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { enquiryListSchema, MESSAGES, type Enquiry } from '@fie/domain';
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
import { enquiryKeys } from './enquiries-api';
import {
  enquiryDate,
  firstPhone,
  PRIORITY_BADGE,
  PRIORITY_FILTER,
  seeking,
  STATUS_BADGE,
  STATUS_FILTER,
} from './enquiry-view';

// Loaded when opened, so the page's first load stays small.
const CreateDialog = lazy(() => import('./create-enquiry-dialog'));
const UpdateDialog = lazy(() => import('./update-enquiry-dialog'));

/**
 * "Customer Enquiries": every enquiry, newest first, searched over e-mail, name,
 * location and phone on the server and filtered by status and priority; create and update dialogs.
 */
export function EnquiriesManager() {
  const list = useStaffList({
    key: enquiryKeys.list,
    path: '/api/enquiries/admin',
    schema: enquiryListSchema,
    filters: { status: '', priority: '' },
  });
  const banners = useBanners();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Enquiry | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: enquiryKeys.list });

  const status = (e: Enquiry) => (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className={badge[STATUS_BADGE[e.status]]}>{e.status}</span>
      <span className={badge[PRIORITY_BADGE[e.priority]]}>{e.priority} priority</span>
    </div>
  );
  // A seeker's own enquiry has a conversation; a walk-in client's has nobody to write to.
  const edit = (e: Enquiry) => (
    <div className="flex flex-wrap gap-1.5">
      <button
        type="button"
        className={rowButton}
        onClick={() => setEditing(e)}
        aria-label={`Edit enquiry from ${e.name}`}
      >
        Edit
      </button>
      {e.user && (
        <a href={`/messages/enquiry/${e._id}`} className={rowButton} aria-label={`Messages with ${e.name}`}>
          Messages
        </a>
      )}
    </div>
  );

  const columns: StaffColumn<Enquiry>[] = [
    {
      header: 'Client',
      cell: (e) => (
        <>
          <span className="block font-medium text-ink">{e.name}</span>
          <span className="text-stone-700">{enquiryDate(e)}</span>
        </>
      ),
    },
    {
      header: 'Contact Info',
      cell: (e) => (
        <>
          <span className="block whitespace-nowrap text-ink">{firstPhone(e)}</span>
          {e.email && <span className="block break-all text-stone-700">{e.email}</span>}
        </>
      ),
    },
    {
      header: 'Details',
      cell: (e) => (
        <>
          <span className="block text-ink">{e.location ?? 'Any location'}</span>
          <span className="block text-stone-700">Budget: {e.budget ?? 'Not given'}</span>
          <span className="block text-stone-700">Seeking: {seeking(e)}</span>
        </>
      ),
    },
    { header: 'Status', cell: status },
    { header: 'Actions', cell: edit },
  ];

  return (
    <div>
      <Banners state={banners} />
      <ListToolbar
        heading="Customer Enquiries"
        action={
          <button type="button" className={smallPrimaryButton} onClick={() => setCreating(true)}>
            Create Enquiry
          </button>
        }
      >
        <SearchBox
          label="Search enquiries"
          placeholder="Search by name, e-mail, location or phone..."
          value={list.search}
          onChange={list.setSearch}
        />
        <FilterSelect
          label="Filter by status"
          value={list.filters.status ?? ''}
          onChange={(v) => list.setFilter('status', v)}
          options={STATUS_FILTER}
        />
        <FilterSelect
          label="Filter by priority"
          value={list.filters.priority ?? ''}
          onChange={(v) => list.setFilter('priority', v)}
          options={PRIORITY_FILTER}
        />
      </ListToolbar>

      <LoadFailure error={list.query.error} fallback={MESSAGES.loadEnquiriesFailed} />
      <StaffListPanel
        list={list}
        label="Enquiries"
        busy={list.searching || undefined}
        loading="Loading enquiries…"
        empty={{
          title: list.narrowed ? 'No enquiries found' : 'No enquiries yet',
          text: list.narrowed
            ? 'Try another search or filter.'
            : 'Enquiries sent from the site or recorded here appear in this list.',
        }}
        noun={['enquiry', 'enquiries']}
      >
        {(items) => (
          <StaffTable
            items={items}
            columns={columns}
            rowTestId="enquiry-row"
            cardTestId="enquiry-card"
            cardClass="space-y-2 p-4 text-sm"
            card={(e) => (
              <>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{e.name}</p>
                    <p className="text-stone-700">{enquiryDate(e)}</p>
                  </div>
                  {edit(e)}
                </div>
                <p className="text-ink">
                  {firstPhone(e)}
                  {e.email && <span className="block break-all text-stone-700">{e.email}</span>}
                </p>
                <p className="text-stone-700">
                  {e.location ?? 'Any location'} · Budget: {e.budget ?? 'Not given'} · Seeking: {seeking(e)}
                </p>
                {status(e)}
              </>
            )}
          />
        )}
      </StaffListPanel>

      <Suspense fallback={null}>
        {creating && (
          <CreateDialog
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              list.setPage(1);
              banners.succeed(MESSAGES.enquiryCreated);
              void refresh();
            }}
          />
        )}
        {editing && (
          <UpdateDialog
            enquiry={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              banners.succeed(MESSAGES.enquiryUpdated);
              void refresh();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
