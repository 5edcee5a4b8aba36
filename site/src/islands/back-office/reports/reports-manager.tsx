import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reportListSchema, type Report, type ReportDecision } from '@fie/domain';
import {
  Banners,
  FilterSelect,
  ListToolbar,
  LoadFailure,
  StaffListPanel,
  StaffTable,
  badge,
  rowButton,
  rowDangerButton,
  useBanners,
  useStaffList,
  type StaffColumn,
} from '../kit';
import { reportKeys } from './reports-api';
import {
  listingName,
  REASON_BADGE,
  reasonLabel,
  reportedOn,
  STATUS_BADGE,
  STATUS_FILTER,
  STATUS_LABEL,
} from './report-view';

// Loaded when opened, so the page's first load stays small.
const DecideDialog = lazy(() => import('./decide-report-dialog'));

const LOAD_FAILED = 'Reports could not be loaded. Please try again.';
const DONE: Record<ReportDecision, string> = {
  resolved: 'Report resolved',
  dismissed: 'Report dismissed',
};

/**
 * "Reported Listings": visitors' reports, newest first, open ones unless another status is chosen;
 * each is resolved or dismissed with a note. Both staff roles see and act on them.
 */
export function ReportsManager() {
  const list = useStaffList({
    key: reportKeys.list,
    path: '/api/reports',
    schema: reportListSchema,
    filters: { status: 'open' },
  });
  const banners = useBanners();
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<{ report: Report; decision: ReportDecision } | null>(null);

  const listing = (r: Report) =>
    r.property.listed ? (
      <a
        href={`/property/${encodeURIComponent(r.property._id)}`}
        className="font-medium text-brand-700 underline hover:text-brand-800"
        target="_blank"
        rel="noopener"
      >
        {listingName(r)}
      </a>
    ) : (
      <span className="font-medium text-ink">
        {listingName(r)} <span className="font-normal text-stone-700">(no longer listed)</span>
      </span>
    );
  const reason = (r: Report) => (
    <>
      <span className={badge[REASON_BADGE[r.reason]]}>{reasonLabel(r)}</span>
      <p className="mt-1 whitespace-pre-line break-words text-stone-800">
        {r.details ?? <span className="text-stone-600">No details given</span>}
      </p>
    </>
  );
  const status = (r: Report) => (
    <>
      <span className={badge[STATUS_BADGE[r.status]]}>{STATUS_LABEL[r.status]}</span>
      {r.actedAt && (
        <span className="mt-1 block text-xs text-stone-700">
          {reportedOn(r.actedAt)}
          {r.actedByEmail && <span className="block break-all">by {r.actedByEmail}</span>}
        </span>
      )}
      {r.note && (
        <span className="mt-1 block whitespace-pre-line break-words text-stone-800">“{r.note}”</span>
      )}
    </>
  );
  const actions = (r: Report) =>
    r.status === 'open' ? (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={rowButton}
          onClick={() => setDeciding({ report: r, decision: 'resolved' })}
          aria-label={`Resolve report about ${listingName(r)}`}
        >
          Resolve
        </button>
        <button
          type="button"
          className={rowDangerButton}
          onClick={() => setDeciding({ report: r, decision: 'dismissed' })}
          aria-label={`Dismiss report about ${listingName(r)}`}
        >
          Dismiss
        </button>
      </div>
    ) : null;
  const when = (r: Report) => (
    <>
      <span className="block whitespace-nowrap text-ink">{reportedOn(r.createdAt)}</span>
      <span className="block break-all text-stone-700">{r.reporterEmail ?? 'Signed-out visitor'}</span>
    </>
  );

  const columns: StaffColumn<Report>[] = [
    { header: 'Listing', cell: listing },
    { header: 'Reason', cell: reason },
    { header: 'Reported', cell: when },
    { header: 'Status', cell: status },
    { header: 'Actions', cell: actions },
  ];

  return (
    <div>
      <Banners state={banners} />
      <ListToolbar heading="Reported Listings">
        <FilterSelect
          label="Filter by status"
          value={list.filters.status ?? 'open'}
          onChange={(v) => list.setFilter('status', v)}
          options={STATUS_FILTER}
        />
      </ListToolbar>

      <LoadFailure error={list.query.error} fallback={LOAD_FAILED} />
      <StaffListPanel
        list={list}
        label="Reports"
        busy={list.searching || undefined}
        loading="Loading reports…"
        empty={{
          title: list.filters.status === 'open' ? 'No open reports' : 'No reports found',
          text:
            list.filters.status === 'open'
              ? 'Reports visitors send from a property page appear here.'
              : 'Try another status.',
        }}
        noun={['report', 'reports']}
      >
        {(items) => (
          <StaffTable
            items={items}
            columns={columns}
            rowTestId="report-row"
            cardTestId="report-card"
            cardClass="space-y-2 p-4 text-sm"
            card={(r) => (
              <>
                <div className="min-w-0">{listing(r)}</div>
                {reason(r)}
                <div className="text-stone-700">{when(r)}</div>
                <div>{status(r)}</div>
                {actions(r)}
              </>
            )}
          />
        )}
      </StaffListPanel>

      <Suspense fallback={null}>
        {deciding && (
          <DecideDialog
            report={deciding.report}
            decision={deciding.decision}
            onClose={() => setDeciding(null)}
            onDone={() => {
              setDeciding(null);
              banners.succeed(DONE[deciding.decision]);
              void queryClient.invalidateQueries({ queryKey: reportKeys.list });
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
