import type { Core, Data, Modules } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  ACTIVE_APPOINTMENT_STATUSES,
  bookableDates,
  bookableSlots,
  canCancel,
  checkBookable,
  clientBookingPausedMessage,
  bookingPausedMessage,
  displayName,
  formatGhanaPhone,
  knownLanguage,
  MESSAGES,
  slotStart,
  type AppointmentUpdate,
} from '@fie/domain';
import { httpError } from '../../../../../shared/errors';
import {
  getService as propertyService,
  type PropertyForAnswer,
  type PublicProperty,
} from '../../../../../api/property/get-service';
import type { User } from '../../../../../shared/account';
import { documentData } from '../../../../../shared/document-data';
import { asDay, asIsoDate } from '../../../../../shared/raw-rows';
import {
  containsPattern,
  prefixPattern,
  staffListsVersion,
  staffPageRows,
  Where,
} from '../../../../../shared/staff-page';
import { APPOINTMENT_UID as UID } from '../slot-key';
import { propertyLabel } from '../property-label';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import type { ViewingFacts } from './viewing-mail.service';
import type { InviteMethod } from './viewing-calendar';
import { getService } from '../get-service';

/** An appointment's seeker, and its property as every property answer has it (its poster included). */
const appointmentPopulate = (strapi: Core.Strapi) =>
  ({
    user: { fields: ['documentId', 'email', 'fullName', 'phone'] },
    property: { populate: propertyService(strapi, 'catalogue').answerPopulate },
  }) satisfies Modules.Documents.Params.Populate.ObjectNotation<typeof UID>;
const active = new Set<string>(ACTIVE_APPOINTMENT_STATUSES);

/**
 * An appointment with its seeker and property populated (appointmentPopulate). Strapi's entity typings make
 * every attribute optional and nullable; `as string` below marks the ones the schema requires.
 */
export type AppointmentDoc = Omit<Data.ContentType<typeof UID>, 'user' | 'property'> & {
  user?: Pick<User, 'documentId' | 'email' | 'fullName' | 'phone'> | null;
  property?: PropertyForAnswer | null;
};

/** A row of the staff list's query (listAll). */
interface StaffRow {
  id: number | string;
  document_id: string;
  property_label: string | null;
  date: string;
  time: string;
  status: string;
  comments: string | null;
  client_no_show: boolean | number | null;
  starts_at: unknown;
  created_at: unknown;
  updated_at: unknown;
  user_document_id: string | null;
  user_email: string | null;
  user_full_name: string | null;
  user_phone: string | null;
  property_id: number | string | null;
  catalogue_version?: number | string | null;
}

/**
 * A viewing's client as answers carry it. An account known by its mobile number alone has no e-mail
 * (''): it is named by its number, written the local way, until it gives a name.
 */
function clientOf(id: string, email?: string | null, fullName?: string | null, phone?: string | null) {
  return {
    _id: id,
    email: email ?? '',
    fullName: fullName ?? (!email && phone ? formatGhanaPhone(phone) : null),
    phone: phone ?? null,
  };
}

/** An appointment as the API answers it (`product` populated, or null once deleted). */
export function toAppointment(
  doc: AppointmentDoc,
  presentProperty: (p: PropertyForAnswer) => PublicProperty,
) {
  return {
    _id: doc.documentId,
    user: doc.user ? clientOf(doc.user.documentId, doc.user.email, doc.user.fullName, doc.user.phone) : null,
    product: doc.property ? presentProperty(doc.property) : null,
    propertyLabel: doc.propertyLabel ?? null,
    date: doc.date as string,
    time: doc.time as string,
    status: doc.status as string,
    comments: doc.comments ?? null,
    startsAt: new Date(doc.startsAt as string).toISOString(),
    clientNoShow: Boolean(doc.clientNoShow),
    createdAt: doc.createdAt ?? null,
    updatedAt: doc.updatedAt ?? null,
  };
}

/**
 * Which unique index refused the write, if one did. The message also quotes the whole statement,
 * so only the failure text is read: SQLite "UNIQUE constraint failed: appointments.<column>",
 * PostgreSQL "... violates unique constraint \"<index>\"" (also in error.constraint).
 */
function uniqueClash(error: unknown): 'slot' | 'seeker' | null {
  const e = error as { message?: string; constraint?: string };
  const failure = `${e?.constraint ?? ''} ${/(constraint failed: .*|unique constraint ".*")$/.exec(e?.message ?? '')?.[1] ?? ''}`;
  if (/active_slot_key|appointments_active_slot_uq/.test(failure)) return 'slot';
  if (/active_seeker_key|appointments_active_seeker_uq/.test(failure)) return 'seeker';
  return null;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const now = () => platformService(strapi, 'clock').now();
  const catalogue = () => propertyService(strapi, 'catalogue');
  const present = (doc: AppointmentDoc) => toAppointment(doc, catalogue().present);

  /**
   * Viewings as their seeker reads them: the property as last approved (never an edit waiting for
   * review), with its exact place (map point, GPS address) while the viewing is active: the seeker is
   * going there.
   */
  async function presentToSeeker(docs: AppointmentDoc[]) {
    const products = await propertyService(strapi, 'approved-versions').present(
      docs.map((d) => d.property),
      (i) => active.has(docs[i]!.status as string),
    );
    return docs.map((doc, i) => ({
      ...present(doc),
      product: products[i]!,
      propertyLabel: propertyService(strapi, 'approved-versions').labelOf(products[i]!, doc.propertyLabel),
    }));
  }
  const documents = () => strapi.documents(UID);

  /**
   * A staff list row (staffPageRows' columns) as toAppointment answers it, its property's public
   * answer from `answers` (the listing's SQL, one query for the page).
   */
  function staffItem(r: StaffRow, answers: Map<number, string>) {
    const product =
      r.property_id === null || r.property_id === undefined ? undefined : answers.get(Number(r.property_id));
    return {
      _id: r.document_id,
      user: r.user_document_id
        ? clientOf(r.user_document_id, r.user_email, r.user_full_name, r.user_phone)
        : null,
      product: product ? (JSON.parse(product) as PublicProperty) : null,
      propertyLabel: r.property_label ?? null,
      date: asDay(r.date) as string,
      time: r.time,
      status: r.status,
      comments: r.comments ?? null,
      startsAt: asIsoDate(r.starts_at) as string,
      clientNoShow: Boolean(r.client_no_show),
      createdAt: asIsoDate(r.created_at),
      updatedAt: asIsoDate(r.updated_at),
    } satisfies ReturnType<typeof toAppointment>;
  }
  const mail = () => getService(strapi, 'viewing-mail');

  async function bookableProperty(documentId: string) {
    const property = await strapi.documents('api::property.property').findOne({
      documentId,
      fields: ['documentId', 'propertyType', 'location', 'nearestLandmark', 'approvalStatus', 'available'],
    });
    if (!property || property.approvalStatus !== 'approved')
      throw new errors.NotFoundError(MESSAGES.propertyNotFound);
    if (!property.available) throw httpError(409, MESSAGES.propertyUnavailable);
    return property;
  }

  /** What a viewing's e-mail tells its seeker: the place as last approved (never an edit under review). */
  async function facts(doc: AppointmentDoc): Promise<ViewingFacts> {
    const [place] = await propertyService(strapi, 'approved-versions').versions([doc.property]);
    return {
      documentId: doc.documentId,
      userId: doc.user?.documentId ?? null,
      email: doc.user?.email ?? null,
      // An account known by its number alone is named by it, written the local way.
      name:
        displayName(doc.user?.fullName, doc.user?.email) ||
        (doc.user?.phone ? formatGhanaPhone(doc.user.phone) : ''),
      label: doc.propertyLabel ?? null,
      landmark: place?.nearestLandmark ?? null,
      date: doc.date as string,
      time: doc.time as string,
      startsAt: new Date(doc.startsAt as string),
      status: doc.status as string,
      comments: doc.comments ?? null,
      inviteSequence: Number(doc.inviteSequence ?? 0),
    };
  }

  /**
   * Which invite a change from `from` to `to` (status) sends the seeker, if any: REQUEST when an
   * active viewing moves or becomes active again (Ongoing or Rescheduled), CANCEL when an active one
   * is cancelled or marked Unsuccessful. A Successful viewing took place: its event stays as it is.
   */
  function inviteFor(from: string, to: string, moved: boolean): InviteMethod | undefined {
    if (active.has(to)) return moved || !active.has(from) ? 'REQUEST' : undefined;
    return active.has(from) && (to === 'Cancelled' || to === 'Unsuccessful') ? 'CANCEL' : undefined;
  }
  const nextSequence = (doc: { inviteSequence?: number | null }) => Number(doc.inviteSequence ?? 0) + 1;

  /**
   * Cancels a viewing and tells its seeker (with the invite that removes it from their calendar),
   * both in one transaction. Update answers null only for a missing document, and callers just read it.
   */
  const cancelWithNotice = (documentId: string, current: { inviteSequence?: number | null }) =>
    strapi.db.transaction(async () => {
      const updated = (await documents().update({
        documentId,
        data: { status: 'Cancelled', inviteSequence: nextSequence(current) },
        populate: appointmentPopulate(strapi),
      }))!;
      await mail().statusChanged(await facts(updated), 'CANCEL');
      return updated;
    });

  /** Writes an appointment; the database's unique indexes are the final word on double bookings. */
  async function write<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      const clash = uniqueClash(error);
      if (clash === 'slot') throw httpError(409, MESSAGES.slotTaken);
      if (clash === 'seeker') throw httpError(409, MESSAGES.alreadyBookedProperty);
      throw error;
    }
  }

  return {
    /** Free slots of a property: for one date, or for every bookable date of the next 14 days. */
    async freeSlots(propertyDocumentId: string, date?: string) {
      await bookableProperty(propertyDocumentId);
      const t = now();
      const dates = date ? [date] : bookableDates(t);
      const taken: { date: string; time: string }[] = await strapi.db.query(UID).findMany({
        where: {
          property: { documentId: propertyDocumentId },
          status: { $in: [...ACTIVE_APPOINTMENT_STATUSES] },
          date: { $in: dates },
        },
        select: ['date', 'time'],
      });
      const takenSet = new Set(taken.map((a) => `${a.date} ${a.time}`));
      return dates.map((d) => ({
        date: d,
        slots: bookableSlots(d, t).filter((time) => !takenSet.has(`${d} ${time}`)),
      }));
    },

    async book(input: {
      propertyId: string;
      userId: User['id'];
      date: string;
      time: string;
      comments: string;
      /** Who books: the seeker themselves (403 while the no-show rule pauses them) or staff for them (409). */
      by: 'seeker' | 'staff';
    }) {
      const { until, rule } = await getService(strapi, 'booking-restriction').of(input.userId);
      if (until)
        throw input.by === 'seeker'
          ? httpError(
              403,
              bookingPausedMessage(
                rule,
                until,
                knownLanguage(
                  (
                    await strapi.db
                      .query('plugin::users-permissions.user')
                      .findOne({ where: { id: input.userId }, select: ['language'] })
                  )?.language,
                ),
              ),
            )
          : httpError(409, clientBookingPausedMessage(rule, until));
      const check = checkBookable(input.date, input.time, now());
      if (!check.ok) throw new errors.ValidationError(check.message);
      const property = await bookableProperty(input.propertyId);
      const user: User | null = await strapi.db
        .query('plugin::users-permissions.user')
        .findOne({ where: { id: input.userId }, populate: ['role'] });
      if (!user || !user.confirmed || user.blocked)
        throw new errors.ValidationError(MESSAGES.accountCannotBook);

      // The viewing and its e-mails (in the outbox) are kept together or not at all.
      const created = await write(() =>
        strapi.db.transaction(async () => {
          const doc = await documents().create({
            data: documentData(UID, {
              user: user.documentId,
              property: property.documentId,
              propertyLabel: propertyLabel(property),
              date: input.date,
              time: input.time,
              status: 'Ongoing',
              comments: input.comments || null,
            }),
            populate: appointmentPopulate(strapi),
          });
          await mail().booked(await facts(doc));
          return doc;
        }),
      );
      // Staff booking for a client read it as staff do (their own answer); the seeker as seekers do.
      return input.by === 'seeker' ? (await presentToSeeker([created]))[0]! : present(created);
    },

    async listOwn(userId: User['id']) {
      const docs = await documents().findMany({
        filters: { user: { id: userId } },
        sort: [{ startsAt: 'desc' }],
        populate: appointmentPopulate(strapi),
        limit: 500,
      });
      return presentToSeeker(docs);
    },

    /**
     * Every viewing, newest first, one page. `search` matches the client's e-mail,
     * the property's label (type and location), the date (YYYY-MM-DD) or the time (from its start).
     */
    async listAll(page: number, pageSize: number, status?: string, search?: string) {
      // The page and the count in plain SQL (shared/staff-page.ts). The search's matches are each
      // found through an index on the viewing itself: the label, the client's e-mail copy (see
      // ../client-email.ts) and, only when the text looks like one, the time (from its start): on
      // PostgreSQL trigram indexes, also one within the status (../bootstrap.ts); or the whole date.
      const where = new Where();
      if (status) where.add('a.status = ?', status);
      if (search) {
        const pattern = containsPattern(search);
        const branches = [
          `lower(a.property_label) like ? escape '\\'`,
          `lower(a.client_email) like ? escape '\\'`,
        ];
        const values: string[] = [pattern, pattern];
        if (/^\d{1,2}(:\d{0,2})?$/.test(search)) {
          branches.push(`lower(a.time) like ? escape '\\'`);
          // "9" and "9:30" mean 09:00 and 09:30.
          values.push(prefixPattern(search.replace(/^(\d)(?=\D|$)/, '0$1')));
        }
        if (/^\d{4}-\d{2}-\d{2}$/.test(search)) {
          branches.push('a.date = ?');
          values.push(search);
        }
        where.add(`(${branches.join(' or ')})`, ...values);
      }
      // The page's viewings with their client and property id come with the count, in one statement;
      // the client is joined for those ten rows only.
      const { rows, total } = await staffPageRows<StaffRow>(strapi, {
        from: 'appointments a',
        id: 'a.id',
        where,
        orderBy: 'a.created_at desc, a.id desc',
        select: `a.id, a.document_id, a.property_label, cast(a.date as text) as date, a.time, a.status, a.comments, a.client_no_show, a.starts_at, a.created_at, a.updated_at,
          u.document_id as user_document_id, u.email as user_email, u.full_name as user_full_name, u.phone as user_phone,
          (select pl.property_id from appointments_property_lnk pl where pl.appointment_id = a.id limit 1) as property_id${catalogue().versionColumn()}`,
        rowsFrom:
          'appointments a left join appointments_user_lnk ul on ul.appointment_id = a.id left join up_users u on u.id = ul.user_id',
        keptUnder: staffListsVersion,
        page,
        pageSize,
      });
      const propertyIds = rows
        .map((r) => r.property_id)
        .filter((id): id is number => id !== null && id !== undefined)
        .map(Number);
      // The properties' answers kept under the catalogue version this statement read are reused.
      const answers = await propertyService(strapi, 'listing-sql').answersByIds(
        propertyIds,
        rows[0]?.catalogue_version,
      );
      return { items: rows.map((r) => staffItem(r, answers)), total };
    },

    /**
     * Staff change date, time, status or comments; a new date and time meet the calendar rules. "Client
     * did not attend" (`clientNoShow`) goes with Unsuccessful only, from the viewing's start on; it is
     * cleared when the status changes away from Unsuccessful or the viewing moves.
     */
    async update(documentId: string, changes: AppointmentUpdate) {
      const current = await documents().findOne({ documentId, populate: appointmentPopulate(strapi) });
      if (!current) throw new errors.NotFoundError('Appointment not found');
      const date = changes.date ?? current.date;
      const time = changes.time ?? current.time;
      const status = changes.status ?? current.status;
      const moved = date !== current.date || time !== current.time;
      // Required fields of the schema: Strapi's entity typings make every attribute optional.
      if (moved && active.has(status as string)) {
        const check = checkBookable(date as string, time as string, now());
        if (!check.ok) throw new errors.ValidationError(check.message);
      }
      const clientNoShow =
        status === 'Unsuccessful' && (changes.clientNoShow ?? (Boolean(current.clientNoShow) && !moved));
      if (changes.clientNoShow && status !== 'Unsuccessful')
        throw new errors.ValidationError(MESSAGES.clientNoShowNeedsUnsuccessful);
      if (changes.clientNoShow && !current.clientNoShow && slotStart(date as string, time as string) > now())
        throw new errors.ValidationError(MESSAGES.clientNoShowBeforeStart);
      const invite = inviteFor(current.status as string, status as string, moved);
      // The change and its e-mail are kept together. Update answers null only for a missing
      // document, and this one was just read.
      const updated = await write(() =>
        strapi.db.transaction(async () => {
          const doc = (await documents().update({
            documentId,
            data: documentData(UID, {
              date,
              time,
              status,
              clientNoShow,
              ...(changes.comments !== undefined ? { comments: changes.comments } : {}),
              ...(invite ? { inviteSequence: nextSequence(current) } : {}),
            }),
            populate: appointmentPopulate(strapi),
          }))!;
          if ((status !== current.status || moved) && doc.user)
            await mail().statusChanged(await facts(doc), invite);
          return doc;
        }),
      );
      return present(updated);
    },

    /** A seeker cancels their own active viewing, more than 24 hours before it starts. */
    async cancel(documentId: string, userDocumentId: string) {
      const current = await documents().findOne({ documentId, populate: appointmentPopulate(strapi) });
      // Someone else's appointment answers as missing, so ids cannot be probed.
      if (!current || current.user?.documentId !== userDocumentId)
        throw new errors.NotFoundError('Appointment not found');
      const status = current.status as string; // required by the schema
      if (!active.has(status))
        throw new errors.ValidationError(`This viewing is ${status.toLowerCase()} and cannot be cancelled.`);
      if (!canCancel(new Date(current.startsAt as string), now()))
        throw new errors.ValidationError(MESSAGES.cancelTooLate);
      return (await presentToSeeker([await cancelWithNotice(documentId, current)]))[0]!;
    },

    /**
     * Cancels every active viewing of this seeker that has not started yet (their account was
     * deactivated), e-mailing them about each; the slots are free again. Returns how many.
     */
    async cancelFutureOf(userDocumentId: string): Promise<number> {
      const upcoming = await documents().findMany({
        filters: {
          user: { documentId: userDocumentId },
          status: { $in: [...ACTIVE_APPOINTMENT_STATUSES] },
          startsAt: { $gt: now().toISOString() },
        },
        fields: ['documentId', 'inviteSequence'],
        limit: 1000,
      });
      for (const current of upcoming) await cancelWithNotice(current.documentId, current);
      return upcoming.length;
    },
  };
};
