// The states of a server-paged staff list around its rows: loading, nothing found, the rows and the footer.
import type { ReactNode } from 'react';
import { EmptyState, ListFooter } from './list-controls';
import { panelClass } from './styles';
import type { StaffList } from './staff-list';

/** What a list says when it has no rows: the title and the line under it. */
export interface EmptyText {
  title: string;
  text: ReactNode;
}

/**
 * A list whose panel is always there (Users, Administrators, Appointments, Enquiries): the loading
 * line, the empty state or the rows, then the footer with the page-size choice once anything is
 * found. With `label` the panel is a named region (a <section>), without it a plain <div>.
 */
export function StaffListPanel<T>({
  list,
  label,
  busy,
  loading,
  loadingClass = 'text-stone-700',
  empty,
  noun,
  children,
}: {
  list: StaffList<T>;
  label?: string;
  busy: boolean | undefined;
  loading: string;
  loadingClass?: string;
  empty: EmptyText;
  noun: [one: string, many: string];
  children: (items: T[]) => ReactNode;
}) {
  const body = (
    <>
      {list.query.isPending ? (
        <p role="status" className={`px-6 py-12 text-center ${loadingClass}`}>
          {loading}
        </p>
      ) : list.items.length === 0 ? (
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      ) : (
        children(list.items)
      )}
      {list.total > 0 && (
        <ListFooter
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          noun={noun}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      )}
    </>
  );
  return label ? (
    <section className={panelClass} aria-label={label} aria-busy={busy}>
      {body}
    </section>
  ) : (
    <div className={panelClass} aria-busy={busy}>
      {body}
    </div>
  );
}

/**
 * A list of fixed-size pages (Deals, the approval queues): the loading line, then in the panel the
 * empty state or the rows with page numbers (none for a single page). After a failed load nothing
 * is shown but the screen's banner.
 */
export function FixedPageList<T>({
  list,
  loading,
  empty,
  noun,
  children,
}: {
  list: StaffList<T>;
  loading: string;
  empty: EmptyText;
  noun: [one: string, many: string];
  children: (items: T[]) => ReactNode;
}) {
  if (list.query.isPending)
    return (
      <p role="status" className="text-stone-600">
        {loading}
      </p>
    );
  if (list.items.length === 0)
    return list.query.isError ? null : (
      <div className={panelClass}>
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      </div>
    );
  return (
    <div className={panelClass}>
      {children(list.items)}
      <ListFooter
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        noun={noun}
        onPage={list.setPage}
        sizes={false}
        hideSingle
      />
    </div>
  );
}

/** "Searching…" beside the search box while a typed search has not been answered yet. */
export function Searching({ list }: { list: { searching: boolean } }) {
  return list.searching ? (
    <p role="status" className="text-sm text-stone-600">
      Searching…
    </p>
  ) : null;
}
