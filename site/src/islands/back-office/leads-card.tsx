import { useQuery } from '@tanstack/react-query';
import { shortId, type LeadSummary } from '@fie/domain';
import { Icon } from '../shared/icon';
import { formatCount } from './dashboard-figures';
import { LoadFailure, panelClass } from './kit';
import { LEADS_QUERY } from './staff-api';

export const LEADS_FAILED = 'Failed to load the leads. Please try again.';

/**
 * "Leads, last 30 days": how many visitors pressed WhatsApp or Call on a property page, and the
 * listings they pressed them on most, from GET /api/leads/summary.
 */
export function LeadsCard() {
  const leads = useQuery(LEADS_QUERY);
  const data = leads.data;
  return (
    <section aria-labelledby="leads-heading">
      <h2 id="leads-heading" className="text-lg font-semibold text-ink">
        Leads, last 30 days
      </h2>
      <p className="text-sm text-stone-600">Visitors who pressed WhatsApp or Call on a property page.</p>
      <div className="mt-3">
        <LoadFailure error={leads.isError && !data ? leads.error : null} fallback={LEADS_FAILED} />
      </div>
      <div className={`${panelClass} mt-3 p-5`} aria-busy={leads.isPending}>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <Figure label="All leads" value={data?.total} icon="message" />
          <Figure label="WhatsApp" value={data?.byChannel.whatsapp} icon="whatsapp" />
          <Figure label="Calls" value={data?.byChannel.call} icon="phone" />
        </dl>
        {data && <TopListings listings={data.topListings} />}
      </div>
    </section>
  );
}

function Figure({
  label,
  value,
  icon,
}: {
  label: string;
  value: number | undefined;
  icon: 'message' | 'whatsapp' | 'phone';
}) {
  return (
    <div className="rounded-lg border border-stone-200 p-2.5 sm:p-3">
      {/* On a phone a third of the width holds the icon above the word, not beside it. */}
      <dt className="flex flex-col gap-1 text-sm font-semibold text-stone-700 sm:flex-row sm:items-center sm:gap-1.5">
        <Icon name={icon} size={16} className="shrink-0" />
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-ink">
        {value === undefined ? (
          <span className="inline-block h-7 w-10 animate-pulse rounded bg-stone-200 motion-reduce:animate-none">
            <span className="sr-only">Loading</span>
          </span>
        ) : (
          <data value={value}>{formatCount(value)}</data>
        )}
      </dd>
    </div>
  );
}

function TopListings({ listings }: { listings: LeadSummary['topListings'] }) {
  if (listings.length === 0)
    return <p className="mt-4 text-sm text-stone-600">No leads in the last 30 days.</p>;
  return (
    <>
      <h3 className="mt-5 text-sm font-semibold text-stone-700">Listings with the most leads</h3>
      <ol className="mt-2 divide-y divide-stone-200">
        {listings.map((l) => (
          <li
            key={l.propertyId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
          >
            <span className="min-w-0">
              {l.title ? (
                <a
                  href={`/property/${l.propertyId}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {l.title}
                </a>
              ) : (
                <span className="font-semibold text-stone-700">Listing deleted</span>
              )}{' '}
              <span className="font-mono text-xs text-stone-600">{shortId(l.propertyId)}</span>
            </span>
            <span className="text-sm text-stone-700">
              <span className="font-semibold text-ink">
                {formatCount(l.total)} {l.total === 1 ? 'lead' : 'leads'}
              </span>
              {' · '}
              {formatCount(l.whatsapp)} WhatsApp{' · '}
              {formatCount(l.call)} {l.call === 1 ? 'call' : 'calls'}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
