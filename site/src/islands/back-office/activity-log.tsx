import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_RESOURCE_LABELS,
  auditEntryListSchema,
  type AuditEntry,
} from '@fie/domain';
import { callApiPage, messageOf } from '../../lib/api-call';
import { ErrorBanner, secondaryButton } from '../shared/form-field';

export const ACTIVITY_FAILED = 'Failed to load the activity log. Please try again.';
const PAGE_SIZE = 10;

/** GET /api/audit, one page (superadmin only). */
const activityPage = (page: number) =>
  callApiPage(`/api/audit?page=${page}&pageSize=${PAGE_SIZE}`, auditEntryListSchema, true);

/** "Approved property", "Changed status of appointment", "Added administrator". */
export function describeAction(entry: Pick<AuditEntry, 'action' | 'resource'>): string {
  const resource = AUDIT_RESOURCE_LABELS[entry.resource.type].toLowerCase();
  if (entry.action === 'status-changed') return `Changed status of ${resource}`;
  if (entry.resource.type === 'settings') return 'Changed system settings';
  return `${AUDIT_ACTION_LABELS[entry.action]} ${resource}`;
}

const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

/**
 * The superadmin overview's activity log: who did what to which record, and when,
 * newest first, read page by page from the cms's audit trail.
 */
export function ActivityLog() {
  const [page, setPage] = useState(1);
  const [dismissed, setDismissed] = useState(false);
  const log = useQuery({
    queryKey: ['staff', 'audit', page],
    queryFn: () => activityPage(page),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  const total = log.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold text-ink">
        Activity log
      </h2>
      {log.isError && !dismissed && (
        <div className="mt-3">
          <ErrorBanner message={messageOf(log.error, ACTIVITY_FAILED)} onDismiss={() => setDismissed(true)} />
        </div>
      )}
      {log.isPending ? (
        <p className="mt-3 text-stone-600" role="status">
          Loading the activity log…
        </p>
      ) : log.data && log.data.items.length === 0 ? (
        <p className="mt-3 rounded-xl border border-stone-200 bg-white p-5 text-stone-600">
          No staff activity yet.
        </p>
      ) : log.data ? (
        <div className="mt-3 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
          <table className="hidden w-full text-left text-sm md:table">
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  User
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Action
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Resource
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Timestamp
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {log.data.items.map((e) => (
                <tr key={e._id} data-testid="activity-row">
                  <td className="px-4 py-3">
                    <span className="block font-medium text-ink">{e.user.email}</span>
                    <span className="text-stone-600">
                      {e.user.role === 'superadmin' ? 'Super Admin' : 'Administrator'}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-ink">{describeAction(e)}</td>
                  <td className="max-w-xs px-4 py-3">
                    <span className="block truncate text-ink" title={e.resource.label}>
                      {e.resource.label || '—'}
                    </span>
                    {e.detail && (
                      <span className="block truncate text-stone-600" title={e.detail}>
                        {e.detail}
                      </span>
                    )}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-stone-700">
                    <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-stone-200 md:hidden">
            {log.data.items.map((e) => (
              <li key={e._id} className="p-4 text-sm" data-testid="activity-card">
                <p className="font-medium text-ink">{describeAction(e)}</p>
                <p className="mt-0.5 break-words text-ink">{e.resource.label || '—'}</p>
                {e.detail && <p className="mt-0.5 break-words text-stone-600">{e.detail}</p>}
                <p className="mt-1 text-stone-600">
                  {e.user.email} · <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-4 py-3 text-sm text-stone-700">
            <p>
              Showing {first}-{last} of {total} {total === 1 ? 'action' : 'actions'}
            </p>
            {pages > 1 && (
              <div className="flex gap-2">
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                  disabled={page === 1}
                >
                  Newer
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => setPage((p) => Math.min(pages, p + 1))}
                  disabled={page >= pages}
                >
                  Older
                </button>
              </div>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
