import { formatPrice, LOCATION_TRUNCATE, shortId, truncate, type StaffProperty } from '@fie/domain';
import { badge, rowButton, rowDangerButton, tdClass, thClass } from '../kit';

interface RowsProps {
  items: StaffProperty[];
  onEdit: (property: StaffProperty) => void;
  onDelete: (property: StaffProperty) => void;
  /** Confirm still available (approved listings on offer); the id being confirmed disables its button. */
  onConfirm?: (property: StaffProperty) => void;
  confirming?: string | null;
}

/** The first image, or a placeholder house when the property has none. */
function Thumbnail({ property, size }: { property: StaffProperty; size: string }) {
  const src = property.media?.[0]?.formats?.thumbnail?.url ?? property.images[0];
  if (src)
    return <img src={src} alt="" className={`${size} shrink-0 rounded-lg object-cover`} loading="lazy" />;
  return (
    <div
      className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-500`}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M3 11l9-7 9 7M5 10v10h14V10" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

/** The location cut to 30 characters, the full text in its tooltip. */
function Location({ property }: { property: StaffProperty }) {
  return (
    <span className="block font-semibold text-ink" title={property.location}>
      {truncate(property.location, LOCATION_TRUNCATE)}
    </span>
  );
}

export const priceOf = (p: Pick<StaffProperty, 'priceAmount' | 'currency'>) =>
  formatPrice(p.priceAmount, p.currency);
const rooms = (p: StaffProperty) =>
  `${p.numberOfBedrooms} ${p.numberOfBedrooms === 1 ? 'bed' : 'beds'} · ${p.numberOfBathrooms} ${p.numberOfBathrooms === 1 ? 'bath' : 'baths'}`;

/** Available/Unavailable, the property's state, its approval and the superadmin's note. */
function Status({ property }: { property: StaffProperty }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap gap-1">
        <span className={property.available ? badge.green : badge.red}>
          {property.available ? 'Available' : 'Unavailable'}
        </span>
        <span className={badge.grey}>{property.propertyState}</span>
        <span className={property.approvalStatus === 'approved' ? badge.blue : badge.amber}>
          {property.approvalStatus === 'approved' ? 'Approved' : 'Pending approval'}
        </span>
        {property.approvalStatus === 'approved' && property.listed === false && (
          <span className={badge.red}>Hidden from the listing</span>
        )}
        {property.listed !== false && property.availabilityStatus === 'unconfirmed' && (
          <span className={badge.amber}>Unconfirmed</span>
        )}
      </div>
      {property.approvalStatus !== 'approved' && property.changesRequested && (
        <p className="max-w-xs break-words text-sm text-red-800">
          Changes requested: {property.changesRequested}
        </p>
      )}
    </div>
  );
}

function Actions({
  property,
  onEdit,
  onDelete,
  onConfirm,
  confirming,
}: { property: StaffProperty } & Pick<RowsProps, 'onEdit' | 'onDelete' | 'onConfirm' | 'confirming'>) {
  const name = `${property.location} (${shortId(property._id)})`;
  const confirmable = onConfirm && property.approvalStatus === 'approved' && property.available;
  return (
    <div className="flex flex-wrap gap-2">
      {confirmable && (
        <button
          type="button"
          className={rowButton}
          onClick={() => onConfirm(property)}
          disabled={confirming === property._id}
          aria-label={`Confirm still available: ${name}`}
          title={
            property.availabilityConfirmedAt
              ? `Last confirmed ${new Date(property.availabilityConfirmedAt).toLocaleDateString('en-GB', { timeZone: 'Africa/Accra' })}`
              : undefined
          }
        >
          {confirming === property._id ? 'Confirming…' : 'Confirm still available'}
        </button>
      )}
      <a href={`/property/${property._id}`} className={rowButton} aria-label={`View ${name}`}>
        View
      </a>
      <button
        type="button"
        className={rowButton}
        onClick={() => onEdit(property)}
        aria-label={`Edit ${name}`}
      >
        Edit
      </button>
      <button
        type="button"
        className={rowDangerButton}
        onClick={() => onDelete(property)}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
    </div>
  );
}

/** The list as a table from md up (Property, Details, Price, Status, Actions) and as cards below. */
export function PropertyRows({ items, onEdit, onDelete, onConfirm, confirming }: RowsProps) {
  return (
    <>
      <table className="hidden w-full md:table">
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={thClass}>
              Property
            </th>
            <th scope="col" className={thClass}>
              Details
            </th>
            <th scope="col" className={thClass}>
              Price
            </th>
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={thClass}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {items.map((p) => (
            <tr key={p._id} data-testid="property-row">
              <td className={tdClass}>
                <div className="flex items-start gap-3">
                  <Thumbnail property={p} size="h-12 w-16" />
                  <div className="min-w-0">
                    <Location property={p} />
                    <span className="text-stone-600">ID: {shortId(p._id)}</span>
                  </div>
                </div>
              </td>
              <td className={`${tdClass} text-stone-800`}>
                <span className="block">
                  {p.propertyType} · {p.leaseType}
                </span>
                <span className="block text-stone-600">{rooms(p)}</span>
                <span className="block text-stone-600">{p.furnishStatus}</span>
              </td>
              <td className={`${tdClass} whitespace-nowrap font-semibold text-ink`}>{priceOf(p)}</td>
              <td className={tdClass}>
                <Status property={p} />
              </td>
              <td className={tdClass}>
                <Actions
                  property={p}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onConfirm={onConfirm}
                  confirming={confirming}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-stone-200 md:hidden">
        {items.map((p) => (
          <li key={p._id} className="p-4 text-sm" data-testid="property-card">
            <div className="flex gap-3">
              <Thumbnail property={p} size="h-16 w-20" />
              <div className="min-w-0 flex-1">
                <Location property={p} />
                <p className="text-stone-600">ID: {shortId(p._id)}</p>
                <p className="font-semibold text-ink">{priceOf(p)}</p>
              </div>
            </div>
            <p className="mt-2 text-stone-800">
              {p.propertyType} · {p.leaseType} · {rooms(p)} · {p.furnishStatus}
            </p>
            <div className="mt-2">
              <Status property={p} />
            </div>
            <div className="mt-3">
              <Actions
                property={p}
                onEdit={onEdit}
                onDelete={onDelete}
                onConfirm={onConfirm}
                confirming={confirming}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
