import { format } from 'date-fns';

/**
 * The Africa/Accra calendar day of an instant as a local date, so date-fns counts and formats Accra
 * days whatever the server's time zone (Accra is UTC+0 all year, with no daylight saving).
 */
export const accraDay = (instant: Date) =>
  new Date(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());

/** "3 November 2026": an instant's Africa/Accra date. */
export const accraDate = (instant: Date | string) => format(accraDay(new Date(instant)), 'd MMMM yyyy');
