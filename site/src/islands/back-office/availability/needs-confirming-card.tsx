import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shortId, type NeedsConfirmingItem } from '@fie/domain';
import { confirmedWhen } from '../../../lib/availability-words';
import { Icon } from '../../shared/icon';
import { formatCount } from '../dashboard-figures';
import { badge, ListFooter, LoadFailure, panelClass, rowButton } from '../kit';
import { availabilityApi, availabilityKeys, useConfirmAvailability } from './availability-api';

export const NEEDS_CONFIRMING_FAILED = 'Failed to load the listings to confirm. Please try again.';
const PAGE_SIZE = 10;

/**
 * The dashboards' "Needs confirming": how many approved listings nobody has confirmed for a while
 * (or with "already let" reports), and the list, oldest confirmation first, each with Confirm still
 * available. Refreshed every minute, as the figures are.
 */
export function NeedsConfirmingCard() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...availabilityKeys.needsConfirming, page],
    queryFn: () => availabilityApi.needsConfirming(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const { confirm, confirming } = useConfirmAvailability();
  const data = list.data;
  return (
    <section aria-labelledby="needs-confirming-heading" data-testid="needs-confirming">
      <h2 id="needs-confirming-heading" className="text-lg font-semibold text-ink">
        Needs confirming
      </h2>
      <p className="text-sm text-stone-600">
        Listings nobody has confirmed as still available for a while, oldest first. Past the hide setting they
        are out of the public listing until you confirm them.
      </p>
      <div className="mt-3">
        <LoadFailure error={list.isError && !data ? list.error : null} fallback={NEEDS_CONFIRMING_FAILED} />
      </div>
      <div className={`${panelClass} mt-3`} aria-busy={list.isPending}>
        <div className="flex items-center gap-4 border-b border-stone-200 p-5">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-amber-50 text-amber-800">
            <Icon name="clock" />
          </span>
          <p>
            <span className="block text-3xl font-bold text-ink" data-testid="needs-confirming-count">
              {data ? (
                <data value={data.total}>{formatCount(data.total)}</data>
              ) : (
                <span className="inline-block h-8 w-12 animate-pulse rounded bg-stone-200 motion-reduce:animate-none">
                  <span className="sr-only">Loading</span>
                </span>
              )}
            </span>
            <span className="text-sm text-stone-600">
              {data?.total === 1 ? 'listing to confirm' : 'listings to confirm'}
            </span>
          </p>
        </div>
        {data && data.items.length === 0 && (
          <p className="p-5 text-sm text-stone-600">Every listing has been confirmed recently.</p>
        )}
        {data && data.items.length > 0 && (
          <>
            <ul className="divide-y divide-stone-200">
              {data.items.map((item) => (
                <Row
                  key={item._id}
                  item={item}
                  busy={confirming === item._id}
                  onConfirm={() => void confirm(item._id)}
                />
              ))}
            </ul>
            <ListFooter
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              noun={['listing', 'listings']}
              onPage={setPage}
              sizes={false}
              hideSingle
            />
          </>
        )}
      </div>
    </section>
  );
}

function Row({ item, busy, onConfirm }: { item: NeedsConfirmingItem; busy: boolean; onConfirm: () => void }) {
  const when = confirmedWhen(item.availabilityConfirmedAt, new Date(), 60);
  const name = `${item.location} (${shortId(item._id)})`;
  return (
    <li
      className="flex flex-col gap-3 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="needs-confirming-row"
      data-property={item._id}
    >
      <div className="min-w-0">
        <a href={`/property/${item._id}`} className="font-semibold text-brand-700 hover:underline">
          {item.location}
        </a>
        <p className="text-stone-600">
          {item.propertyType} · {item.leaseType} · {item.price} · ID: {shortId(item._id)}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-stone-700">{when ? `Last confirmed ${when}` : 'Never confirmed'}</span>
          {item.listed ? (
            <span className={badge.amber}>Unconfirmed</span>
          ) : (
            <span className={badge.red}>Hidden from the listing</span>
          )}
          {item.openLetReports > 0 && (
            <span className={badge.grey}>
              {item.openLetReports} “already let” {item.openLetReports === 1 ? 'report' : 'reports'}
            </span>
          )}
        </p>
      </div>
      <button
        type="button"
        className={`${rowButton} shrink-0`}
        onClick={onConfirm}
        disabled={busy}
        aria-label={`Confirm still available: ${name}`}
      >
        <Icon name="check" size={16} />
        {busy ? 'Confirming…' : 'Confirm still available'}
      </button>
    </li>
  );
}
