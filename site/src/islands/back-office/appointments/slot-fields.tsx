// The Date and Time selects of "Schedule Appointment" and "Update Appointment": a day from the
// property's free slots, then a time on that day.
import { SelectField } from '../kit';
import { dayLabel } from './appointment-view';

/** A day on offer; one with no free time left is listed as "(fully booked)" and cannot be chosen. */
export interface SlotDay {
  date: string;
  open: boolean;
}

/** One of the two selects: its value, first empty choice (if any), whether it can be used yet and its error. */
export interface SlotSelect {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
}

/** Date and Time side by side (stacked on phones), each with its error line. */
export function SlotFields({
  date,
  time,
  days,
  times,
}: {
  date: SlotSelect;
  time: SlotSelect;
  days: readonly SlotDay[];
  times: readonly string[];
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Date"
        value={date.value}
        disabled={date.disabled}
        error={date.error || undefined}
        onChange={(e) => date.onChange(e.target.value)}
      >
        {date.placeholder !== undefined && <option value="">{date.placeholder}</option>}
        {days.map((d) => (
          <option key={d.date} value={d.date} disabled={!d.open}>
            {dayLabel(d.date)}
            {d.open ? '' : ' (fully booked)'}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Time"
        value={time.value}
        disabled={time.disabled}
        error={time.error || undefined}
        onChange={(e) => time.onChange(e.target.value)}
      >
        {time.placeholder !== undefined && <option value="">{time.placeholder}</option>}
        {times.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
