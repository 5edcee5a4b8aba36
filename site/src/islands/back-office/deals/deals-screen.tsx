// "Property Deals": the server-paged deal list, its search, the add/edit dialog and delete.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { dealListSchema, deleteDealConfirm, MESSAGES, type Deal } from '@fie/domain';
import { messageOf } from '../../../lib/api-call';
import {
  Banners,
  ConfirmDialog,
  EmptyState,
  ListFooter,
  ListToolbar,
  panelClass,
  SearchBox,
  Searching,
  smallPrimaryButton,
  useBanners,
  useStaffList,
} from '../kit';
import { staffKeys } from '../staff-api';
import { DEALS_PAGE_SIZE, dealKeys, dealsApi } from './deals-api';
import { DealsList } from './deals-list';

const DealDialog = lazy(() => import('./deal-dialog'));

type Editing = { deal: Deal | null } | null;

export function DealsScreenBody() {
  const client = useQueryClient();
  const banners = useBanners();
  const list = useStaffList({
    key: dealKeys.list,
    path: '/api/deals',
    schema: dealListSchema,
    pageSize: DEALS_PAGE_SIZE,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deal | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // A failed load: the red banner (the server's message, else MESSAGES.loadDealsFailed) and the toast.
  const { fail } = banners;
  useEffect(() => {
    if (list.query.isError)
      fail(list.query.error, MESSAGES.loadDealsFailed, { toastText: MESSAGES.loadDealsFailedShort });
  }, [list.query.isError, list.query.error, list.query.errorUpdatedAt, fail]);

  // Each change refreshes the list and the queue counts (an admin's deal or edit waits for approval).
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: dealKeys.list }),
      client.invalidateQueries({ queryKey: staffKeys.stats }),
    ]);

  const remove = useMutation({
    mutationFn: (deal: Deal) => dealsApi.remove(deal._id),
    // Deleted, or (an admin's delete of an approved deal) waiting for a superadmin: the server says which.
    onSuccess: async ({ message }) => {
      setDeleting(null);
      banners.succeed(message || MESSAGES.dealDeleted);
      await refresh();
    },
    onError: (cause) => {
      setDeleteError(messageOf(cause, MESSAGES.deleteDealFailed));
      toast.error(MESSAGES.deleteDealFailed);
    },
  });

  const saved = async (_deal: Deal, created: boolean) => {
    setEditing(null);
    banners.succeed(created ? MESSAGES.dealCreated : MESSAGES.dealUpdated);
    await refresh();
  };

  return (
    <section aria-label="Property deals">
      <ListToolbar
        heading="Deals"
        action={
          <button type="button" className={smallPrimaryButton} onClick={() => setEditing({ deal: null })}>
            Add New Deal
          </button>
        }
      >
        <SearchBox
          value={list.search}
          onChange={list.setSearch}
          placeholder="Search deals..."
          label="Search deals by tenant or closer name"
        />
        <Searching list={list} />
      </ListToolbar>
      <Banners state={banners} />
      {list.query.isPending ? (
        <p role="status" className="text-stone-600">
          Loading deals…
        </p>
      ) : list.items.length === 0 && !list.query.isError ? (
        <div className={panelClass}>
          <EmptyState title={list.narrowed ? MESSAGES.noDealsMatch : MESSAGES.noDealsYet}>
            {list.narrowed
              ? 'No deal has a tenant or closer matching your search.'
              : 'Deals you add appear here.'}
          </EmptyState>
        </div>
      ) : list.items.length > 0 ? (
        <DealsList
          deals={list.items}
          onEdit={(deal) => setEditing({ deal })}
          onDelete={(deal) => {
            setDeleteError(null);
            setDeleting(deal);
          }}
          footer={
            <ListFooter
              page={list.page}
              pageSize={list.pageSize}
              total={list.total}
              noun={['deal', 'deals']}
              onPage={list.setPage}
              sizes={false}
              hideSingle
            />
          }
        />
      ) : null}

      {editing && (
        <Suspense fallback={null}>
          <DealDialog deal={editing.deal} onClose={() => setEditing(null)} onSaved={saved} />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title={MESSAGES.deleteDealTitle}
          message={deleteDealConfirm(deleting.tenantName)}
          confirmLabel="Delete"
          busy={remove.isPending}
          error={deleteError}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
