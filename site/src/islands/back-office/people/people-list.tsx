// The frame the Users and Administrators screens share: the toolbar and e-mail
// search, the banners, the paged account table and the Add / confirm dialogs (loaded when opened).
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffUser } from '@fie/domain';
import {
  Banners,
  ListToolbar,
  LoadFailure,
  SearchBox,
  StaffListPanel,
  useBanners,
  type BannerState,
  type StaffList,
} from '../kit';
import { AccountTable, type KindColumn } from './account-table';
import type { AccountAnswer } from './api';
import { emptyTitle } from './people-view';

/** The Add New User / Add New Admin dialog, loaded when first opened. */
export const AddAccountDialog = lazy(() => import('./add-account-dialog'));
/** The Revoke / Deactivate / Reactivate confirmation, loaded when first opened. */
export const AccountConfirm = lazy(() => import('./account-confirm'));

/**
 * A people screen's banners and open dialog (`O`, null when none); `changed` closes the dialog,
 * shows the server's answer and refreshes the lists under `invalidate`.
 */
export function useAccountDialogs<O>(invalidate: readonly (readonly string[])[]) {
  const banners = useBanners();
  const client = useQueryClient();
  const [open, setOpen] = useState<O | null>(null);
  const close = () => setOpen(null);
  const changed = (answer: AccountAnswer) => {
    setOpen(null);
    banners.succeed(answer.message);
    for (const queryKey of invalidate) void client.invalidateQueries({ queryKey });
  };
  return { banners, open, setOpen, close, changed };
}

/** The Users or Administrators list: toolbar, search, banners, load failure, the accounts and the dialogs (`children`). */
export function PeopleList({
  noun,
  label,
  heading,
  action,
  searchPlaceholder,
  searchLabel,
  list,
  banners,
  loadFailed,
  dateHeader,
  kindColumn,
  actions,
  you,
  children,
}: {
  noun: ['user', 'users'] | ['administrator', 'administrators'];
  /** The section's name and the table's caption ("Users"). */
  label: string;
  heading: string;
  action: ReactNode;
  searchPlaceholder: string;
  searchLabel: string;
  list: StaffList<StaffUser>;
  banners: BannerState;
  loadFailed: string;
  dateHeader: string;
  kindColumn: KindColumn;
  actions?: (user: StaffUser) => ReactNode;
  you?: string;
  children: ReactNode;
}) {
  const [one, many] = noun;
  return (
    <section aria-label={label}>
      <ListToolbar heading={heading} action={action}>
        <SearchBox
          value={list.search}
          onChange={list.setSearch}
          placeholder={searchPlaceholder}
          label={searchLabel}
        />
      </ListToolbar>
      <Banners state={banners} />
      <LoadFailure error={list.query.error} fallback={loadFailed} />
      <StaffListPanel
        list={list}
        busy={list.searching || list.query.isPending}
        loading={`Loading ${many}…`}
        loadingClass="text-stone-600"
        empty={{
          title: emptyTitle(many, list.narrowed),
          text: list.narrowed ? `No ${one} e-mail matches your search.` : null,
        }}
        noun={noun}
      >
        {(items) => (
          <AccountTable
            items={items}
            caption={label}
            dateHeader={dateHeader}
            you={you}
            kindColumn={kindColumn}
            actions={actions}
          />
        )}
      </StaffListPanel>
      <Suspense fallback={null}>{children}</Suspense>
    </section>
  );
}
