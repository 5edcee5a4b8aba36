// "Pending Deals": deals logged by admins, waiting for the superadmin, with the
// 'Pending' badge and who logged each one.
import type { Deal } from '@fie/domain';
import { StaffTable } from '../kit';
import { DEAL_CARD_CLASS, DealCard, dealColumns } from '../deals/deal-cells';
import { queuedDealListSchema } from './approvals-api';
import { DecisionButtons, DeleteRequested } from './decision-buttons';
import { QueueFrame, useQueue } from './queue-frame';

/** Who logged the deal: their e-mail (or the bare id an older answer may carry). */
export function loggedByOf(deal: Deal): string {
  if (!deal.loggedBy) return '—';
  return typeof deal.loggedBy === 'string' ? deal.loggedBy : deal.loggedBy.email;
}

/**
 * An e-mail address that may wrap only after its "@" (then anywhere, if the domain alone is too
 * wide), so a narrow column shows "admin@" over "fiehomes.local" instead of breaking mid-word.
 */
function WrappingEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
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
      <StaffTable
        items={items}
        columns={[
          ...dealColumns('Pending'),
          {
            header: 'Logged By',
            cell: (d) => (
              <>
                <WrappingEmail email={loggedByOf(d)} />
                <DeleteRequested item={d} />
              </>
            ),
            cellClass: 'text-stone-800 break-words',
          },
          {
            header: 'Actions',
            cell: (d) => (
              <DecisionButtons
                item={d}
                name={nameOf(d)}
                rejectLabel={nameOf(d)}
                decisions={queue.decisions}
                viewHref={dealViewHref(d)}
              />
            ),
          },
        ]}
        caption="Deals waiting for approval"
        scroll
        rowTestId="pending-deal-row"
        cardTestId="pending-deal-card"
        cardClass={DEAL_CARD_CLASS}
        card={(d) => (
          <DealCard deal={d} pendingLabel="Pending">
            <p className="break-words text-stone-700">
              <span className="font-semibold text-stone-800">Logged by</span> {loggedByOf(d)}
            </p>
            <DeleteRequested item={d} />
            <DecisionButtons
              item={d}
              name={nameOf(d)}
              rejectLabel={nameOf(d)}
              decisions={queue.decisions}
              viewHref={dealViewHref(d)}
            />
          </DealCard>
        )}
      />
    </QueueFrame>
  );
}
