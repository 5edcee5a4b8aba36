import type { UseQueryResult } from '@tanstack/react-query';
import { fill, MESSAGES, type Enquiry } from '@fie/domain';
import { formatViewingDate } from './appointments-tab';
import { BrowseLink, EmptyState } from './empty-state';
import { StatusBadge } from './status-badge';
import { ThreadLink } from './thread-link';
import { ConversationsDownload } from './conversations-download';
import { useWords } from '../shared/island-words';
import type { DashboardTexts } from '../../i18n/account';
function enquiryProperty(
  enquiry: Enquiry,
  t: DashboardTexts,
  value: (stored: string) => string,
): { id: string | null; label: string | null } {
  const p = enquiry.interestedProperty;
  if (!p) return { id: null, label: null };
  if (typeof p === 'string') return { id: p, label: t.viewProperty };
  return {
    id: p._id,
    label:
      p.propertyType && p.location
        ? fill(t.typeIn, { type: value(p.propertyType), location: p.location })
        : t.viewProperty,
  };
}

/** My Enquiries: the seeker's own enquiries with their status. */
export function EnquiriesTab({ query }: { query: UseQueryResult<Enquiry[]> }) {
  const { t, say, value, language, link } = useWords<DashboardTexts>();
  if (query.isPending)
    return (
      <p role="status" className="py-8 text-center text-stone-600">
        {t.loadingEnquiries}
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        {say(MESSAGES.loadEnquiriesFailed)}
      </p>
    );
  if (query.data.length === 0)
    return (
      <EmptyState
        title={say(MESSAGES.noEnquiriesFound)}
        detail={say(MESSAGES.noEnquiriesFoundDetail)}
        action={<BrowseLink />}
      />
    );
  return (
    <>
      <ul className="space-y-3">
        {query.data.map((enquiry) => {
          const property = enquiryProperty(enquiry, t, value);
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
                      <a
                        href={link(`/property/${property.id}`)}
                        className="hover:text-brand-700 hover:underline"
                      >
                        {property.label}
                      </a>
                    ) : (
                      (enquiry.propertyType && enquiry.location
                        ? fill(t.typeIn, { type: value(enquiry.propertyType), location: enquiry.location })
                        : enquiry.location || (enquiry.propertyType && value(enquiry.propertyType))) ||
                      t.generalEnquiry
                    )}
                  </h2>
                  <p className="mt-1 text-sm text-stone-700">
                    {when
                      ? fill(t.sentOn, { date: formatViewingDate(when.slice(0, 10), language) })
                      : say(MESSAGES.unknownDate)}
                    {enquiry.budget ? ` · ${fill(t.budget, { budget: enquiry.budget })}` : ''}
                    {enquiry.phoneNumber[0] ? ` · ${enquiry.phoneNumber[0]}` : ''}
                  </p>
                  {enquiry.message && (
                    <p className="mt-1 line-clamp-2 text-sm text-stone-600">{enquiry.message}</p>
                  )}
                </div>
                <StatusBadge status={enquiry.status} />
              </div>
              <ThreadLink kind="enquiry" id={enquiry._id} />
            </li>
          );
        })}
      </ul>
      <ConversationsDownload />
    </>
  );
}
