// "Pending Deals" (back-office §8): deals logged by admins, waiting for the superadmin, with the
// 'Pending' badge and who logged each one.
import type { Deal } from '@fie/domain';
import { tdClass, thClass } from '../kit';
import { ChangesRequested, Commission, DealInfo, TenancyPeriod, TenantDetails } from '../deals/deal-cells';
import { queuedDealListSchema } from './approvals-api';
import { DecisionButtons } from './decision-buttons';
import { QueueFrame, useQueue } from './queue-frame';

/** Who logged the deal: their e-mail (or the bare id an older answer may carry). */
export function loggedByOf(deal: Deal): string {
  if (!deal.loggedBy) return '—';
  return typeof deal.loggedBy === 'string' ? deal.loggedBy : deal.loggedBy.email;
}

const nameOf = (d: Deal) => `the deal with ${d.tenantName}`;

/** View opens the property the deal was closed on (a deal without one has nothing to view). */
export function dealViewHref(deal: Deal): string | undefined {
  const id = typeof deal.product === 'string' ? deal.product : deal.product?._id;
  return id ? `/property/${encodeURIComponent(id)}` : undefined;
}

export function DealQueue() {
  const queue = useQueue('deal', queuedDealListSchema);
  const { items } = queue.list;
  return (
    <QueueFrame
      intro="Review and approve deals logged by admins"
      searchPlaceholder="Search deals..."
      searchLabel="Search pending deals by tenant or closer name"
      noun={['deal', 'deals']}
      emptyTitle="No deals waiting"
      emptyText="Every deal logged by an admin has been reviewed."
      queue={queue}
    >
      <div className="hidden overflow-x-auto md:block">
      <table className="w-full">
        <caption className="sr-only">Deals waiting for approval</caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={thClass}>Deal Info</th>
            <th scope="col" className={thClass}>Tenant Details</th>
            <th scope="col" className={thClass}>Commission</th>
            <th scope="col" className={thClass}>Tenancy Period</th>
            <th scope="col" className={thClass}>Logged By</th>
            <th scope="col" className={thClass}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {items.map((d) => (
            <tr key={d._id} data-testid="pending-deal-row">
              <td className={tdClass}>
                <DealInfo deal={d} pendingLabel="Pending" />
                <ChangesRequested note={d.changesRequested} />
              </td>
              <td className={tdClass}>
                <TenantDetails deal={d} />
              </td>
              <td className={tdClass}>
                <Commission deal={d} />
              </td>
              <td className={tdClass}>
                <TenancyPeriod deal={d} />
              </td>
              <td className={`${tdClass} text-stone-800 [overflow-wrap:anywhere]`}>{loggedByOf(d)}</td>
              <td className={tdClass}>
                <DecisionButtons id={d._id} name={nameOf(d)} rejectLabel={nameOf(d)} decisions={queue.decisions} viewHref={dealViewHref(d)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <ul className="divide-y divide-stone-200 md:hidden">
        {items.map((d) => (
          <li key={d._id} className="space-y-3 p-4 text-sm" data-testid="pending-deal-card">
            <DealInfo deal={d} pendingLabel="Pending" />
            <ChangesRequested note={d.changesRequested} />
            <div className="grid grid-cols-2 gap-3">
              <TenantDetails deal={d} />
              <Commission deal={d} />
            </div>
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">Tenancy</p>
              <TenancyPeriod deal={d} />
            </div>
            <p className="break-words text-stone-700">
              <span className="font-semibold text-stone-800">Logged by</span> {loggedByOf(d)}
            </p>
            <DecisionButtons id={d._id} name={nameOf(d)} rejectLabel={nameOf(d)} decisions={queue.decisions} viewHref={dealViewHref(d)} />
          </li>
        ))}
      </ul>
    </QueueFrame>
  );
}
