// One page of a staff list, twice: a table on md and wider, a card a row on phones.
import type { ReactNode } from 'react';
import { tdClass, thClass } from './styles';

/** A table column: its header and what a row shows in it; the classes are added to the kit's th/td ones. */
export interface StaffColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  headClass?: string;
  cellClass?: string;
  /** A tooltip on the cell (the full id behind a short one). */
  cellTitle?: (item: T) => string;
}

const withClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

/**
 * The rows of one page: a table (with a screen-reader caption when given) from `md` up, the cards
 * under it. `scroll` lets a wide table scroll sideways inside the panel; `listLabel` names the cards' list.
 */
export function StaffTable<T extends { _id: string }>({
  items,
  columns,
  caption,
  rowTestId,
  card,
  cardClass,
  cardTestId,
  listLabel,
  scroll = false,
}: {
  items: readonly T[];
  columns: readonly StaffColumn<T>[];
  caption?: string;
  rowTestId: string;
  card: (item: T) => ReactNode;
  cardClass: string;
  cardTestId: string;
  listLabel?: string;
  scroll?: boolean;
}) {
  const table = (
    <table className={scroll ? 'w-full' : 'hidden w-full md:table'}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="bg-stone-50">
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={withClass(thClass, c.headClass)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {items.map((item) => (
          <tr key={item._id} data-testid={rowTestId}>
            {columns.map((c) => (
              <td key={c.header} className={withClass(tdClass, c.cellClass)} title={c.cellTitle?.(item)}>
                {c.cell(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      {scroll ? <div className="hidden overflow-x-auto md:block">{table}</div> : table}
      <ul className="divide-y divide-stone-200 md:hidden" aria-label={listLabel}>
        {items.map((item) => (
          <li key={item._id} className={cardClass} data-testid={cardTestId}>
            {card(item)}
          </li>
        ))}
      </ul>
    </>
  );
}
