import type { Core, Data } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { relationDocumentId } from '../../../../shared/relation-input';
import { ACTIVE_APPOINTMENT_STATUSES, isValidDateString, isValidTimeString, slotStart } from '@fie/domain';

export const APPOINTMENT_UID = 'plugin::viewings.appointment';

const active = new Set<string>(ACTIVE_APPOINTMENT_STATUSES);

/** The value the unique index holds for an active appointment: one per property and start. */
export function activeSlotKey(
  propertyDocumentId: string | null | undefined,
  startsAt: Date,
  status: string,
): string | null {
  if (!propertyDocumentId || !active.has(status)) return null;
  return `${propertyDocumentId}@${startsAt.toISOString()}`;
}

/** The value the second unique index holds: one active viewing per seeker and property. */
export function activeSeekerKey(
  userDocumentId: string | null | undefined,
  propertyDocumentId: string | null | undefined,
  status: string,
): string | null {
  if (!userDocumentId || !propertyDocumentId || !active.has(status)) return null;
  return `${userDocumentId}@${propertyDocumentId}`;
}

/**
 * Every appointment write (API, admin panel, seeder) derives its start instant from date and time
 * in Africa/Accra and its active-slot key, so the database's unique index is the one guard
 * against two active viewings of the same property at the same time (and a seeker holding two
 * active viewings of one property).
 */
export function registerAppointmentSlotKeys(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid !== APPOINTMENT_UID || (action !== 'create' && action !== 'update')) return next();

    const params = context.params as { data?: Record<string, unknown>; documentId?: string };
    const data = params.data;
    if (!data) return next();

    let current: Data.ContentType<typeof APPOINTMENT_UID> | null = null;
    if (action === 'update' && params.documentId) {
      current = await strapi.db.query(APPOINTMENT_UID).findOne({
        where: { documentId: params.documentId },
        populate: { property: { select: ['documentId'] }, user: { select: ['documentId'] } },
      });
    }
    const date = String(data.date ?? current?.date ?? '');
    const time = String(data.time ?? current?.time ?? '');
    const status = String(data.status ?? current?.status ?? 'Ongoing');
    const fromData = relationDocumentId(data.property);
    const propertyId = fromData === undefined ? (current?.property?.documentId ?? null) : fromData;
    const userFromData = relationDocumentId(data.user);
    const userId = userFromData === undefined ? (current?.user?.documentId ?? null) : userFromData;

    if (!isValidDateString(date))
      throw new errors.ValidationError('date must be a calendar date in the form yyyy-MM-dd');
    if (!isValidTimeString(time)) throw new errors.ValidationError('time must be a time in the form HH:mm');
    const startsAt = slotStart(date, time);
    data.startsAt = startsAt.toISOString();
    data.activeSlotKey = activeSlotKey(propertyId, startsAt, status);
    data.activeSeekerKey = activeSeekerKey(userId, propertyId, status);
    return next();
  });
}
