import type { UseQueryResult } from '@tanstack/react-query';
import { MESSAGES, type Enquiry } from '@fie/domain';
import { formatViewingDate } from './appointments-tab';
import { browseLink, EmptyState } from './empty-state';
import { StatusBadge } from './status-badge';

function enquiryProperty(enquiry: Enquiry): { id: string | null; label: string | null } {
  const p = enquiry.interestedProperty;
  if (!p) return { id: null, label: null };
  if (typeof p === 'string') return { id: p, label: 'View property' };
  return {
    id: p._id,
    label: p.propertyType && p.location ? `${p.propertyType} in ${p.location}` : 'View property',
  };
}

/** My Enquiries: the seeker's own enquiries with their status. */
export function EnquiriesTab({ query }: { query: UseQueryResult<Enquiry[]> }) {
  if (query.isPending)
    return (
      <p role="status" className="py-8 text-center text-stone-600">
        Loading enquiries…
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        {MESSAGES.loadEnquiriesFailed}
      </p>
    );
  if (query.data.length === 0)
    return (
      <EmptyState
        title={MESSAGES.noEnquiriesFound}
        detail={MESSAGES.noEnquiriesFoundDetail}
        action={browseLink}
      />
    );
  return (
    <ul className="space-y-3">
      {query.data.map((enquiry) => {
        const property = enquiryProperty(enquiry);
        const when = enquiry.enquiryDate ?? enquiry.createdAt;
        return (
          <li
            key={enquiry._id}
            className="rounded-xl border border-stone-200 bg-white p-4"
            data-testid="enquiry"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 className="font-semibold text-ink">
                  {property.id ? (
                    <a href={`/property/${property.id}`} className="hover:text-brand-700 hover:underline">
                      {property.label}
                    </a>
                  ) : (
                    [enquiry.propertyType, enquiry.location].filter(Boolean).join(' in ') || 'General enquiry'
                  )}
                </h2>
                <p className="mt-1 text-sm text-stone-700">
                  {when ? `Sent ${formatViewingDate(when.slice(0, 10))}` : MESSAGES.unknownDate}
                  {enquiry.budget ? ` · Budget ${enquiry.budget}` : ''}
                  {enquiry.phoneNumber[0] ? ` · ${enquiry.phoneNumber[0]}` : ''}
                </p>
                {enquiry.message && (
                  <p className="mt-1 line-clamp-2 text-sm text-stone-600">{enquiry.message}</p>
                )}
              </div>
              <StatusBadge status={enquiry.status} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
