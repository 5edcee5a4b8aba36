// What both approval queues share: the line under the title, server search, the
// banners, the loading and empty states, 10 a page with numbers only when there is more than one
// page, and the Reject dialog (loaded when opened).
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  Banners,
  FixedPageList,
  ListToolbar,
  SearchBox,
  Searching,
  useBanners,
  useStaffList,
  type BannerState,
  type StaffList,
} from '../kit';
import { QUEUE, QUEUE_PAGE_SIZE, type QueueKind } from './approvals-api';
import { useDecisions } from './use-decisions';

const RejectDialog = lazy(() => import('./reject-dialog'));

export type Decisions = ReturnType<typeof useDecisions>;

/** One queue's list, its banners and its decisions. */
export function useQueue<T>(
  kind: QueueKind,
  schema: z.ZodType<T[]>,
): { list: StaffList<T>; banners: BannerState; decisions: Decisions } {
  const texts = QUEUE[kind];
  const banners = useBanners();
  const list = useStaffList({
    key: texts.key,
    path: `${texts.path}/unapproved`,
    schema,
    pageSize: QUEUE_PAGE_SIZE,
  });
  const decisions = useDecisions(kind, banners);
  const { fail } = banners;
  const { isError, error, errorUpdatedAt } = list.query;
  useEffect(() => {
    if (isError) fail(error, texts.loadFailed, texts.loadToast ? { toastText: texts.loadFailed } : {});
  }, [isError, error, errorUpdatedAt, fail, texts]);
  return { list, banners, decisions };
}

interface FrameProps<T> {
  intro: string;
  searchPlaceholder: string;
  searchLabel: string;
  noun: [string, string];
  emptyTitle: string;
  emptyText: string;
  queue: { list: StaffList<T>; banners: BannerState; decisions: Decisions };
  children: ReactNode;
}

export function QueueFrame<T>({
  intro,
  searchPlaceholder,
  searchLabel,
  noun,
  emptyTitle,
  emptyText,
  queue,
  children,
}: FrameProps<T>) {
  const { list, banners, decisions } = queue;
  return (
    <section aria-label={intro}>
      <ListToolbar heading={intro}>
        <SearchBox
          value={list.search}
          onChange={list.setSearch}
          placeholder={searchPlaceholder}
          label={searchLabel}
        />
        <Searching list={list} />
      </ListToolbar>
      <Banners state={banners} />
      <FixedPageList
        list={list}
        loading="Loading the queue…"
        empty={
          list.narrowed
            ? { title: `No ${noun[1]} found`, text: 'Nothing waiting matches your search.' }
            : { title: emptyTitle, text: emptyText }
        }
        noun={noun}
      >
        {() => children}
      </FixedPageList>
      {decisions.rejecting && (
        <Suspense fallback={null}>
          <RejectDialog
            itemLabel={decisions.rejecting.label}
            busy={decisions.rejectBusy}
            error={decisions.rejectError}
            onDismissError={decisions.clearRejectError}
            onReject={decisions.reject}
            onClose={decisions.closeReject}
          />
        </Suspense>
      )}
    </section>
  );
}
