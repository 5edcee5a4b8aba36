// What the Deals list and the Pending Deals queue show of one deal (the columns Deal Info,
// Tenant Details, Commission, Tenancy Period), the same in the table's cells and the phone cards.
import type { ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import { NO_AGENT_INVOLVED, shortId, type Deal } from '@fie/domain';
import { badge, type StaffColumn } from '../kit';

/** "23 Nov 2026" from a yyyy-MM-dd date (or an ISO timestamp); the text itself when it is not a date. */
export function dealDay(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'd MMM yyyy');
}

/** The approval state of a deal as staff see it: waiting, or counted. */
export function ApprovalBadge({
  deal,
  pendingLabel = 'Pending approval',
}: {
  deal: Pick<Deal, 'approvalStatus'>;
  pendingLabel?: string;
}) {
  return deal.approvalStatus === 'unapproved' ? (
    <span className={badge.amber}>{pendingLabel}</span>
  ) : (
    <span className={badge.green}>Approved</span>
  );
}

/** A superadmin's note on an item kept unapproved, shown on it until it is approved. */
export function ChangesRequested({ note }: { note: string | null | undefined }) {
  if (!note) return null;
  return (
    <p
      className="mt-1 max-w-xs whitespace-pre-line break-words rounded-md bg-red-50 px-2 py-1 text-xs text-red-900"
      data-testid="changes-requested"
    >
      <span className="font-semibold">Changes requested:</span> {note}
    </p>
  );
}

export function DealInfo({ deal, pendingLabel }: { deal: Deal; pendingLabel?: string }) {
  return (
    <div>
      <p className="font-semibold text-ink">{deal.closerName}</p>
      <p className="whitespace-nowrap text-stone-700">Closed {dealDay(deal.dealDate)}</p>
      <p className="text-xs text-stone-600">
        ID <span className="font-mono">{shortId(deal._id)}</span>
      </p>
      <div className="mt-1 whitespace-nowrap">
        <ApprovalBadge deal={deal} pendingLabel={pendingLabel} />
      </div>
    </div>
  );
}

export function TenantDetails({ deal }: { deal: Deal }) {
  return (
    <div>
      <p className="font-medium text-ink">{deal.tenantName}</p>
      <p className="break-words text-stone-700">{deal.tenantContact}</p>
    </div>
  );
}

export function Commission({ deal }: { deal: Deal }) {
  const agent = deal.nameOfAgentInvolved && deal.nameOfAgentInvolved !== NO_AGENT_INVOLVED;
  return (
    <div>
      <p className="font-semibold text-ink">{deal.commission}</p>
      {agent ? (
        <p className="text-stone-700">
          Agent {deal.nameOfAgentInvolved}
          {deal.commissionToAgent && deal.commissionToAgent !== NO_AGENT_INVOLVED
            ? ` · ${deal.commissionToAgent}`
            : ''}
          {deal.agentContact && deal.agentContact !== NO_AGENT_INVOLVED ? ` · ${deal.agentContact}` : ''}
        </p>
      ) : (
        <p className="text-stone-600">{NO_AGENT_INVOLVED}</p>
      )}
    </div>
  );
}

export function TenancyPeriod({ deal }: { deal: Deal }) {
  return (
    <p className="whitespace-nowrap text-ink">
      {dealDay(deal.tenancyStartDate)} – {dealDay(deal.tenancyEndDate)}
    </p>
  );
}

/**
 * The four deal columns (Deal Info with any changes requested, Tenant Details, Commission, Tenancy
 * Period) for a StaffTable; a list adds its own after them.
 */
export function dealColumns(pendingLabel?: string): StaffColumn<Deal>[] {
  return [
    {
      header: 'Deal Info',
      cell: (deal) => (
        <>
          <DealInfo deal={deal} pendingLabel={pendingLabel} />
          <ChangesRequested note={deal.changesRequested} />
        </>
      ),
    },
    { header: 'Tenant Details', cell: (deal) => <TenantDetails deal={deal} /> },
    { header: 'Commission', cell: (deal) => <Commission deal={deal} /> },
    { header: 'Tenancy Period', cell: (deal) => <TenancyPeriod deal={deal} /> },
  ];
}

/** The same deal as a phone card; `children` (who logged it, the actions) goes at the bottom. */
export function DealCard({
  deal,
  pendingLabel,
  children,
}: {
  deal: Deal;
  pendingLabel?: string;
  children: ReactNode;
}) {
  return (
    <>
      <DealInfo deal={deal} pendingLabel={pendingLabel} />
      <ChangesRequested note={deal.changesRequested} />
      <div className="grid grid-cols-2 gap-3">
        <TenantDetails deal={deal} />
        <Commission deal={deal} />
      </div>
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">Tenancy</p>
        <TenancyPeriod deal={deal} />
      </div>
      {children}
    </>
  );
}

/** The card class both deal lists use. */
export const DEAL_CARD_CLASS = 'space-y-3 p-4 text-sm';
