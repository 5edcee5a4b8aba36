import type { AppointmentStatus, EnquiryStatus } from '@fie/domain';
import { useWords } from '../shared/island-words';
const APPOINTMENT: Record<AppointmentStatus, string> = {
  Ongoing: 'bg-sky-100 text-sky-900',
  Successful: 'bg-green-100 text-green-900',
  Unsuccessful: 'bg-red-100 text-red-900',
  Rescheduled: 'bg-amber-100 text-amber-900',
  Cancelled: 'bg-stone-200 text-stone-800',
};

const ENQUIRY: Record<EnquiryStatus, string> = {
  Pending: 'bg-amber-100 text-amber-900',
  'Appointment booked': 'bg-green-100 text-green-900',
  'Closed by others': 'bg-stone-200 text-stone-800',
  'No longer interested': 'bg-stone-200 text-stone-800',
};

export function StatusBadge({ status }: { status: AppointmentStatus | EnquiryStatus }) {
  const { value } = useWords();
  const colours =
    (APPOINTMENT as Record<string, string>)[status] ??
    (ENQUIRY as Record<string, string>)[status] ??
    APPOINTMENT.Ongoing;
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}
    >
      {value(status)}
    </span>
  );
}
