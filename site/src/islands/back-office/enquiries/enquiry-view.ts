// How an enquiry reads in the back-office list.
import { format } from 'date-fns';
import {
  ENQUIRY_PRIORITIES,
  ENQUIRY_STATUSES,
  formatGhanaPhone,
  type Enquiry,
  type EnquiryPriority,
  type EnquiryStatus,
} from '@fie/domain';

export const STATUS_FILTER = [
  { value: '', label: 'All Statuses' },
  ...ENQUIRY_STATUSES.map((s) => ({ value: s, label: s })),
] as const;
export const PRIORITY_FILTER = [
  { value: '', label: 'All Priorities' },
  ...ENQUIRY_PRIORITIES.map((p) => ({ value: p, label: p })),
] as const;

export const enquiryDate = (e: Pick<Enquiry, 'enquiryDate' | 'createdAt'>) => {
  const iso = e.enquiryDate ?? e.createdAt;
  return iso ? format(new Date(iso), 'd MMM yyyy') : '—';
};

/** The first phone number, written the Ghana way ("024 123 4567"). */
export const firstPhone = (e: Pick<Enquiry, 'phoneNumber'>) =>
  e.phoneNumber[0] ? formatGhanaPhone(e.phoneNumber[0]) : '—';

/** "House, Fully furnished" or what is known of it; the seeking type of the Details column. */
export function seeking(e: Pick<Enquiry, 'propertyType' | 'furnishStatus'>): string {
  const parts = [e.propertyType, e.furnishStatus !== 'Not specified' ? e.furnishStatus : null].filter(
    Boolean,
  );
  return parts.length ? parts.join(', ') : 'Any property';
}

export const STATUS_BADGE: Record<EnquiryStatus, 'amber' | 'green' | 'grey' | 'red'> = {
  Pending: 'amber',
  'Appointment booked': 'green',
  'Closed by others': 'grey',
  'No longer interested': 'red',
};
export const PRIORITY_BADGE: Record<EnquiryPriority, 'red' | 'blue' | 'grey'> = {
  High: 'red',
  Moderate: 'blue',
  Low: 'grey',
};
