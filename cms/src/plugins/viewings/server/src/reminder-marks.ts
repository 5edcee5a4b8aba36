import type { Core } from '@strapi/strapi';
import { ACTIVE_APPOINTMENT_STATUSES, isValidDateString, isValidTimeString, slotStart } from '@fie/domain';
import { getService as platformService } from '../../../platform/server/src/get-service';
import { APPOINTMENT_UID } from './slot-key';
import { remindersSkippedAtBooking } from './reminder-rules';

const active = new Set<string>(ACTIVE_APPOINTMENT_STATUSES);

/**
 * Every appointment write that gives a viewing a new start (booking, a move by staff or in the panel)
 * or makes it active again records which reminders that start is already too near for, and clears
 * the rest: the reminders service then sends each remaining one once for that start, and a moved
 * viewing is reminded of its new time only.
 */
export function registerReminderMarks(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid !== APPOINTMENT_UID || (action !== 'create' && action !== 'update')) return next();
    const params = context.params as { data?: Record<string, unknown>; documentId?: string };
    const data = params.data;
    if (!data) return next();
    // A write that leaves date, time and status alone (comments, the label) changes no reminder.
    if (action === 'update' && !('date' in data || 'time' in data || 'status' in data)) return next();

    let current: { date?: string | null; time?: string | null; status?: string | null } | null = null;
    if (action === 'update') {
      if (!params.documentId) return next();
      current = await strapi.db
        .query(APPOINTMENT_UID)
        .findOne({ where: { documentId: params.documentId }, select: ['date', 'time', 'status'] });
      if (!current) return next();
    }
    const date = String(data.date ?? current?.date ?? '');
    const time = String(data.time ?? current?.time ?? '');
    const status = String(data.status ?? current?.status ?? 'Ongoing');
    // An invalid date or time is refused by the slot-key middleware; an inactive viewing gets no reminder.
    if (!isValidDateString(date) || !isValidTimeString(time) || !active.has(status)) return next();

    const start = slotStart(date, time);
    if (current && active.has(String(current.status))) {
      const before = slotStart(String(current.date), String(current.time));
      if (before.getTime() === start.getTime()) return next();
    }
    Object.assign(data, remindersSkippedAtBooking(start, platformService(strapi, 'clock').now()));
    return next();
  });
}
