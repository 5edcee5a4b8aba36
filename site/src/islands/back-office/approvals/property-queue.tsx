// "Pending Properties": properties submitted by admins, waiting for the superadmin.
import { formatPrice, LOCATION_TRUNCATE, POSTED_BY_ID_LENGTH, shortId, truncate } from '@fie/domain';
import { badge, StaffTable } from '../kit';
import { ChangesRequested, dealDay } from '../deals/deal-cells';
import { queuedPropertyListSchema, type QueuedProperty } from './approvals-api';
import { DecisionButtons, DeleteRequested } from './decision-buttons';
import { DuplicatePhotos } from './duplicate-photos';
import { QueueFrame, useQueue, type Decisions } from './queue-frame';

const PLACEHOLDER = '/image-unavailable.svg';

function Thumb({ p }: { p: QueuedProperty }) {
  return (
    <img
      src={p.images[0] ?? PLACEHOLDER}
      alt=""
      width={64}
      height={48}
      loading="lazy"
      className="h-12 w-16 shrink-0 rounded-md bg-stone-100 object-cover"
    />
  );
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
      {p.pendingDeletion ? (
        <DeleteRequested item={p} />
      ) : (
        <span className={`${badge.amber} mt-1`}>Pending approval</span>
      )}
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

function Decide({ p, decisions }: { p: QueuedProperty; decisions: Decisions }) {
  return (
    <DecisionButtons
      item={p}
      name={nameOf(p)}
      rejectLabel={nameOf(p)}
      decisions={decisions}
      viewHref={`/property/${p._id}`}
    />
  );
}

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
      <StaffTable
        items={items}
        columns={[
          {
            header: 'Property',
            cell: (p) => (
              <div className="flex gap-3">
                <Thumb p={p} />
                <div>
                  <Where p={p} />
                  <ChangesRequested note={p.changesRequested} />
                  <DuplicatePhotos
                    list={p.duplicatePhotos}
                    total={p.duplicatePhotosTotal}
                    relation={p.duplicatePhotosTotalRelation}
                  />
                </div>
              </div>
            ),
          },
          { header: 'Details', cell: (p) => <Details p={p} /> },
          {
            header: 'Price',
            cell: (p) => formatPrice(p.priceAmount, p.currency),
            cellClass: 'whitespace-nowrap font-semibold text-ink',
          },
          { header: 'Submitted', cell: (p) => <Submitted p={p} /> },
          { header: 'Actions', cell: (p) => <Decide p={p} decisions={queue.decisions} /> },
        ]}
        caption="Properties waiting for approval"
        scroll
        rowTestId="pending-property-row"
        cardTestId="pending-property-card"
        cardClass="space-y-3 p-4 text-sm"
        card={(p) => (
          <>
            <div className="flex gap-3">
              <Thumb p={p} />
              <Where p={p} />
            </div>
            <ChangesRequested note={p.changesRequested} />
            <DuplicatePhotos
              list={p.duplicatePhotos}
              total={p.duplicatePhotosTotal}
              relation={p.duplicatePhotosTotalRelation}
            />
            <div className="flex flex-wrap items-start justify-between gap-3">
              <Details p={p} />
              <p className="font-semibold text-ink">{formatPrice(p.priceAmount, p.currency)}</p>
            </div>
            <Submitted p={p} />
            <Decide p={p} decisions={queue.decisions} />
          </>
        )}
      />
    </QueueFrame>
  );
}
