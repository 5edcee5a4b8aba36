import type { ReactNode } from 'react';
import type { StaffUser } from '@fie/domain';
import { StaffTable, type StaffColumn } from '../kit';
import { accountLabel, displayId, joinedOn } from './people-view';

/** The column that differs: the Users screen shows the account's state, Administrators its role. */
export interface KindColumn {
  header: string;
  cell: (user: StaffUser) => ReactNode;
}

/**
 * The accounts of one page: a table on wide screens (ID, Email, Full name, state or role, date and,
 * for the superadmin, the actions), cards under `md`.
 */
export function AccountTable({
  items,
  caption,
  kindColumn,
  dateHeader,
  actions,
  you,
}: {
  items: StaffUser[];
  caption: string;
  kindColumn: KindColumn;
  dateHeader: string;
  actions?: (user: StaffUser) => ReactNode;
  /** The signed-in account's id, marked "You". */
  you?: string;
}) {
  const name = (u: StaffUser) => (
    <>
      {u.fullName || <span className="text-stone-600">—</span>}
      {u._id === you && <span className="ml-2 text-xs font-semibold text-brand-700">(You)</span>}
    </>
  );
  const columns: StaffColumn<StaffUser>[] = [
    { header: 'ID', cell: displayId, cellClass: 'font-mono text-stone-700', cellTitle: (u) => u._id },
    // Seekers who sign in by mobile number alone are named by it.
    {
      header: items.some((u) => !u.email) ? 'Email or mobile' : 'Email',
      cell: accountLabel,
      cellClass: 'break-all font-medium text-ink',
    },
    { header: 'Full name', cell: name, cellClass: 'text-ink' },
    { header: kindColumn.header, cell: kindColumn.cell },
    { header: dateHeader, cell: (u) => joinedOn(u.createdAt), cellClass: 'whitespace-nowrap text-stone-700' },
  ];
  if (actions)
    columns.push({ header: 'Actions', cell: actions, headClass: 'text-right', cellClass: 'text-right' });
  return (
    <StaffTable
      items={items}
      columns={columns}
      caption={caption}
      listLabel={caption}
      rowTestId="account-row"
      cardTestId="account-card"
      cardClass="p-4 text-sm"
      card={(u) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <p className="break-all font-semibold text-ink">{accountLabel(u)}</p>
            {kindColumn.cell(u)}
          </div>
          {(u.fullName || u._id === you) && <p className="mt-1 text-ink">{name(u)}</p>}
          <p className="mt-1 text-stone-700">
            ID <span className="font-mono">{displayId(u)}</span> · {dateHeader} {joinedOn(u.createdAt)}
          </p>
          {actions && <div className="mt-3 flex flex-wrap gap-2">{actions(u)}</div>}
        </>
      )}
    />
  );
}
