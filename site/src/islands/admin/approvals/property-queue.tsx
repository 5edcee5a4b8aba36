// "Pending Properties" (back-office §8): properties submitted by admins, waiting for the superadmin.
import { formatPrice, LOCATION_TRUNCATE, POSTED_BY_ID_LENGTH, shortId, truncate } from '@fie/domain';
import { badge, tdClass, thClass } from '../kit';
import { ChangesRequested, dealDay } from '../deals/deal-cells';
import { queuedPropertyListSchema, type QueuedProperty } from './approvals-api';
import { DecisionButtons } from './decision-buttons';
import { QueueFrame, useQueue } from './queue-frame';

const PLACEHOLDER = '/image-unavailable.svg';

function Thumb({ p }: { p: QueuedProperty }) {
  return <img src={p.images[0] ?? PLACEHOLDER} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 shrink-0 rounded-md bg-stone-100 object-cover" />;
}

function Where({ p }: { p: QueuedProperty }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold text-ink" title={p.location}>
        {truncate(p.location, LOCATION_TRUNCATE)}
      </p>
      <p className="text-xs text-stone-600">
        ID <span className="font-mono">{shortId(p._id)}</span>
      </p>
      <span className={`${badge.amber} mt-1`}>Pending approval</span>
    </div>
  );
}

function Details({ p }: { p: QueuedProperty }) {
  return (
    <div className="text-stone-800">
      <p>
        {p.propertyType} · {p.leaseType}
      </p>
      <p className="text-stone-700">
        {p.numberOfBedrooms} bed · {p.numberOfBathrooms} bath · {p.furnishStatus}
      </p>
    </div>
  );
}

function Submitted({ p }: { p: QueuedProperty }) {
  return (
    <div className="text-stone-700">
      <p>{dealDay(p.createdAt)}</p>
      {p.postedBy && (
        <p className="text-xs">
          by <span className="font-mono">{shortId(p.postedBy, POSTED_BY_ID_LENGTH)}</span>
        </p>
      )}
    </div>
  );
}

const nameOf = (p: QueuedProperty) => `the property at ${p.location}`;

export function PropertyQueue() {
  const queue = useQueue('property', queuedPropertyListSchema);
  const { items } = queue.list;
  return (
    <QueueFrame
      intro="Review and approve properties submitted by admins"
      searchPlaceholder="Search properties..."
      searchLabel="Search pending properties by location or type"
      noun={['property', 'properties']}
      emptyTitle="No properties waiting"
      emptyText="Every property submitted by an admin has been reviewed."
      queue={queue}
    >
      <div className="hidden overflow-x-auto md:block">
      <table className="w-full">
        <caption className="sr-only">Properties waiting for approval</caption>
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={thClass}>Property</th>
            <th scope="col" className={thClass}>Details</th>
            <th scope="col" className={thClass}>Price</th>
            <th scope="col" className={thClass}>Submitted</th>
            <th scope="col" className={thClass}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {items.map((p) => (
            <tr key={p._id} data-testid="pending-property-row">
              <td className={tdClass}>
                <div className="flex gap-3">
                  <Thumb p={p} />
                  <div>
                    <Where p={p} />
                    <ChangesRequested note={p.changesRequested} />
                  </div>
                </div>
              </td>
              <td className={tdClass}>
                <Details p={p} />
              </td>
              <td className={`${tdClass} whitespace-nowrap font-semibold text-ink`}>{formatPrice(p.priceAmount, p.currency)}</td>
              <td className={tdClass}>
                <Submitted p={p} />
              </td>
              <td className={tdClass}>
                <DecisionButtons id={p._id} name={nameOf(p)} rejectLabel={nameOf(p)} decisions={queue.decisions} viewHref={`/property/${p._id}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <ul className="divide-y divide-stone-200 md:hidden">
        {items.map((p) => (
          <li key={p._id} className="space-y-3 p-4 text-sm" data-testid="pending-property-card">
            <div className="flex gap-3">
              <Thumb p={p} />
              <Where p={p} />
            </div>
            <ChangesRequested note={p.changesRequested} />
            <div className="flex flex-wrap items-start justify-between gap-3">
              <Details p={p} />
              <p className="font-semibold text-ink">{formatPrice(p.priceAmount, p.currency)}</p>
            </div>
            <Submitted p={p} />
            <DecisionButtons id={p._id} name={nameOf(p)} rejectLabel={nameOf(p)} decisions={queue.decisions} viewHref={`/property/${p._id}`} />
          </li>
        ))}
      </ul>
    </QueueFrame>
  );
}
