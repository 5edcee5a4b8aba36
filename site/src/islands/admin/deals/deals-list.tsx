// The Deals screen's list (back-office §7): a table on md and wider, cards on phones.
import { deleteDealConfirm, type Deal } from '@fie/domain';
import { panelClass, rowButton, rowDangerButton, tdClass, thClass } from '../kit';
import { ChangesRequested, Commission, DealInfo, TenancyPeriod, TenantDetails } from './deal-cells';

interface Props {
  deals: Deal[];
  onEdit: (deal: Deal) => void;
  onDelete: (deal: Deal) => void;
  footer: React.ReactNode;
}

function Actions({ deal, onEdit, onDelete }: { deal: Deal; onEdit: Props['onEdit']; onDelete: Props['onDelete'] }) {
  return (
    <div className="flex gap-2">
      <button type="button" className={rowButton} onClick={() => onEdit(deal)} aria-label={`Edit the deal with ${deal.tenantName}`}>
        Edit
      </button>
      <button type="button" className={rowDangerButton} onClick={() => onDelete(deal)} aria-label={`Delete the deal with ${deal.tenantName}`} title={deleteDealConfirm(deal.tenantName)}>
        Delete
      </button>
    </div>
  );
}

export function DealsList({ deals, onEdit, onDelete, footer }: Props) {
  return (
    <div className={panelClass}>
      <div className="hidden overflow-x-auto md:block">
      <table className="w-full">
        <caption className="sr-only">Property deals</caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={thClass}>Deal Info</th>
            <th scope="col" className={thClass}>Tenant Details</th>
            <th scope="col" className={thClass}>Commission</th>
            <th scope="col" className={thClass}>Tenancy Period</th>
            <th scope="col" className={thClass}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {deals.map((deal) => (
            <tr key={deal._id} data-testid="deal-row">
              <td className={tdClass}>
                <DealInfo deal={deal} />
                <ChangesRequested note={deal.changesRequested} />
              </td>
              <td className={tdClass}>
                <TenantDetails deal={deal} />
              </td>
              <td className={tdClass}>
                <Commission deal={deal} />
              </td>
              <td className={tdClass}>
                <TenancyPeriod deal={deal} />
              </td>
              <td className={tdClass}>
                <Actions deal={deal} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <ul className="divide-y divide-stone-200 md:hidden">
        {deals.map((deal) => (
          <li key={deal._id} className="space-y-3 p-4 text-sm" data-testid="deal-card">
            <DealInfo deal={deal} />
            <ChangesRequested note={deal.changesRequested} />
            <div className="grid grid-cols-2 gap-3">
              <TenantDetails deal={deal} />
              <Commission deal={deal} />
            </div>
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">Tenancy</p>
              <TenancyPeriod deal={deal} />
            </div>
            <Actions deal={deal} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
      {footer}
    </div>
  );
}
