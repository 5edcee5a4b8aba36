// The Deals screen's list: a table on md and wider, cards on phones.
import { deleteDealConfirm, type Deal } from '@fie/domain';
import { panelClass, rowButton, rowDangerButton, StaffTable, type StaffColumn } from '../kit';
import { DEAL_CARD_CLASS, DealCard, dealColumns } from './deal-cells';

interface Props {
  deals: Deal[];
  onEdit: (deal: Deal) => void;
  onDelete: (deal: Deal) => void;
  footer: React.ReactNode;
}

function Actions({
  deal,
  onEdit,
  onDelete,
}: {
  deal: Deal;
  onEdit: Props['onEdit'];
  onDelete: Props['onDelete'];
}) {
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className={rowButton}
        onClick={() => onEdit(deal)}
        aria-label={`Edit the deal with ${deal.tenantName}`}
      >
        Edit
      </button>
      <button
        type="button"
        className={rowDangerButton}
        onClick={() => onDelete(deal)}
        aria-label={`Delete the deal with ${deal.tenantName}`}
        title={deleteDealConfirm(deal.tenantName)}
      >
        Delete
      </button>
    </div>
  );
}

const columns: (onEdit: Props['onEdit'], onDelete: Props['onDelete']) => StaffColumn<Deal>[] = (
  onEdit,
  onDelete,
) => [
  ...dealColumns(),
  { header: 'Actions', cell: (deal) => <Actions deal={deal} onEdit={onEdit} onDelete={onDelete} /> },
];

export function DealsList({ deals, onEdit, onDelete, footer }: Props) {
  return (
    <div className={panelClass}>
      <StaffTable
        items={deals}
        columns={columns(onEdit, onDelete)}
        caption="Property deals"
        scroll
        rowTestId="deal-row"
        cardTestId="deal-card"
        cardClass={DEAL_CARD_CLASS}
        card={(deal) => (
          <DealCard deal={deal}>
            <Actions deal={deal} onEdit={onEdit} onDelete={onDelete} />
          </DealCard>
        )}
      />
      {footer}
    </div>
  );
}
