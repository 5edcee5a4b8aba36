// How a report reads in the back-office list.
import { format } from 'date-fns';
import { REPORT_REASON_LABELS, type Report, type ReportReason, type ReportStatus } from '@fie/domain';

export const STATUS_FILTER = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'all', label: 'All Statuses' },
] as const;

export const STATUS_BADGE: Record<ReportStatus, 'amber' | 'green' | 'grey'> = {
  open: 'amber',
  resolved: 'green',
  dismissed: 'grey',
};
export const STATUS_LABEL: Record<ReportStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};
/** "Asked to pay to view" is a fraud to act on first: it stands out in the list. */
export const REASON_BADGE: Record<ReportReason, 'red' | 'amber' | 'blue' | 'grey'> = {
  'asked-to-pay': 'red',
  'already-let': 'amber',
  'wrong-price': 'blue',
  'wrong-photos': 'blue',
  other: 'grey',
};

export const reasonLabel = (r: Pick<Report, 'reason'>) => REPORT_REASON_LABELS[r.reason];

export const reportedOn = (iso: string | null) => (iso ? format(new Date(iso), 'd MMM yyyy, HH:mm') : '—');

/** "House in Osu", or what the listing was called when reported. */
export const listingName = (r: Pick<Report, 'property'>) =>
  r.property.propertyType && r.property.location
    ? `${r.property.propertyType} in ${r.property.location}`
    : (r.property.label ?? 'A deleted listing');
