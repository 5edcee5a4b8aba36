import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { errors } from '@strapi/utils';
import {
  displayName,
  formatGhanaPhone,
  THREAD_PAGE_SIZE,
  THREAD_TEXT,
  type ThreadKind,
  type ThreadMessageInput,
} from '@fie/domain';
import { guardMessage, messageParts, MONEY_WARNING, type StatedCosts } from '@fie/domain/message-guard';
import type { Account } from '../../../../../shared/account';
import { httpError } from '../../../../../shared/errors';
import { isDocumentId, newDocumentId } from '../../../../../shared/document-id';
import { asIsoDate, rawRows } from '../../../../../shared/raw-rows';
import { siteUrl } from '../../../../../shared/site-url';
import { TooManyRequestsError } from '../../../../../shared/too-many-requests-error';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { getService as approvalsService } from '../../../../approvals/server/src/get-service';
import { getService as propertyService } from '../../../../../api/property/get-service';
import { getService } from '../get-service';

const THREADS = 'threads';
const MESSAGES = 'thread_messages';
/**
 * Messages one account may write in an hour: for a seeker more than any conversation needs and few
 * enough to stop a flood; staff answer many seekers at once.
 */
const MESSAGES_PER_HOUR = { seeker: 60, staff: 1000 };

/** The enquiry or appointment a thread belongs to, as the thread needs it. */
interface Subject {
  kind: ThreadKind;
  documentId: string;
  seekerId: number | null;
  propertyId: number | null;
  label: string | null;
}

/** A row of `threads`. */
export interface ThreadRow {
  id: number;
  kind: ThreadKind;
  subject_id: string;
  seeker_id: number;
  assignee_id: number | null;
  property_id: number | null;
  label: string | null;
  last_seq: number;
  last_message_at: unknown;
  last_seeker_seq: number;
  last_staff_seq: number;
  seeker_read_seq: number;
  staff_read_seq: number;
  first_seeker_at?: unknown;
  first_reply_at?: unknown;
}

/** A row of `thread_messages`. */
interface MessageRow {
  id: number;
  document_id: string;
  thread_id: number;
  seq: number | null;
  author_id: number | null;
  author_role: 'seeker' | 'staff';
  author_name: string | null;
  text: string;
  status: 'sent' | 'held' | 'declined';
  flagged: boolean | number | null;
  flag_reasons: unknown;
  sent_at: unknown;
  created_at: unknown;
}

const isStaff = (account: Account) => account.role === 'admin' || account.role === 'superadmin';
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 't';

/** The hosts of our own pages: links to them stay links in a message. */
function ownHosts(): string[] {
  try {
    const host = new URL(siteUrl()).hostname.toLowerCase();
    return host.startsWith('www.') ? [host, host.slice(4)] : [host, `www.${host}`];
  } catch {
    return [];
  }
}

/** How an account is named in a thread: its name, else its e-mail's name, else its number. */
function nameOf(user: { fullName?: unknown; email?: unknown; phone?: unknown }): string {
  const email = typeof user.email === 'string' ? user.email : '';
  const fullName = typeof user.fullName === 'string' ? user.fullName : '';
  if (!fullName.trim() && !email && typeof user.phone === 'string' && user.phone)
    return formatGhanaPhone(user.phone);
  return displayName(fullName, email);
}

/** A message as the API answers it to `viewerId`. */
export function toMessage(row: MessageRow, viewerId: number, hosts: string[]) {
  const flagged = truthy(row.flagged);
  return {
    _id: row.document_id,
    seq: row.seq === null ? null : Number(row.seq),
    from: row.author_role,
    author: row.author_name ?? (row.author_role === 'staff' ? 'Fie Homes' : 'Seeker'),
    mine: row.author_id !== null && Number(row.author_id) === viewerId,
    text: row.text,
    parts: messageParts(row.text, hosts),
    flagged,
    warning: flagged ? MONEY_WARNING : null,
    status: row.status,
    sentAt: asIsoDate(row.sent_at),
    createdAt: asIsoDate(row.created_at),
  };
}
export type ThreadMessage = ReturnType<typeof toMessage>;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const now = () => platformService(strapi, 'clock').now();
  const postgres = () => strapi.db.dialect.client === 'postgres';
  const notFound = (kind: ThreadKind) =>
    new errors.NotFoundError(
      kind === 'enquiry' ? THREAD_TEXT.enquiryNotFound : THREAD_TEXT.appointmentNotFound,
    );

  /** The enquiry or appointment with this documentId, or null. */
  async function subjectOf(kind: ThreadKind, documentId: string): Promise<Subject | null> {
    if (!isDocumentId(documentId)) return null;
    const row =
      kind === 'enquiry'
        ? await knex()('enquiries as e')
            .leftJoin('enquiries_owner_lnk as o', 'o.enquiry_id', 'e.id')
            .leftJoin('enquiries_property_lnk as p', 'p.enquiry_id', 'e.id')
            .where('e.document_id', documentId)
            .first('e.property_label as label', 'o.user_id as seeker_id', 'p.property_id as property_id')
        : await knex()('appointments as a')
            .leftJoin('appointments_user_lnk as u', 'u.appointment_id', 'a.id')
            .leftJoin('appointments_property_lnk as p', 'p.appointment_id', 'a.id')
            .where('a.document_id', documentId)
            .first('a.property_label as label', 'u.user_id as seeker_id', 'p.property_id as property_id');
    if (!row) return null;
    // The listing's label as kept on the enquiry or viewing (English; staff search it), or none.
    const label = typeof row.label === 'string' && row.label ? row.label : null;
    return {
      kind,
      documentId,
      seekerId: row.seeker_id === null || row.seeker_id === undefined ? null : Number(row.seeker_id),
      propertyId: row.property_id === null || row.property_id === undefined ? null : Number(row.property_id),
      label: label?.slice(0, 300) ?? null,
    };
  }

  /**
   * The subject a caller may use: staff any, a seeker only their own. Someone else's enquiry answers
   * exactly as one that does not exist, so ids cannot be probed.
   */
  async function allowedSubject(
    account: Account,
    kind: ThreadKind,
    documentId: string,
    { reading = false } = {},
  ): Promise<Subject> {
    const subject = await subjectOf(kind, documentId);
    if (!subject) throw notFound(kind);
    if (!isStaff(account) && subject.seekerId !== Number(account.user.id)) throw notFound(kind);
    // Staff still read what was written before the seeker's account was deleted; nobody writes to it.
    if (subject.seekerId === null && !(reading && (await existingThread(subject))))
      throw httpError(409, THREAD_TEXT.noSeekerAccount);
    return subject;
  }

  const existingThread = (subject: Subject) =>
    knex()<ThreadRow>(THREADS).where({ kind: subject.kind, subject_id: subject.documentId }).first();

  /** The subject's thread, made on first use (two callers at once both get the one row). */
  async function threadOf(subject: Subject): Promise<ThreadRow> {
    const found = await existingThread(subject);
    if (found) return found;
    const t = now();
    await knex()(THREADS)
      .insert({
        document_id: newDocumentId(),
        kind: subject.kind,
        subject_id: subject.documentId,
        seeker_id: subject.seekerId,
        property_id: subject.propertyId,
        label: subject.label,
        last_seq: 0,
        last_seeker_seq: 0,
        last_staff_seq: 0,
        seeker_read_seq: 0,
        seeker_notified_seq: 0,
        staff_notified_seq: 0,
        staff_read_seq: 0,
        created_at: t,
        updated_at: t,
        published_at: t,
      })
      .onConflict(['kind', 'subject_id'])
      .ignore();
    return (await existingThread(subject))!;
  }

  /** The costs the listing states, which a message may talk about without being flagged. */
  async function statedCosts(propertyId: number | null): Promise<StatedCosts> {
    if (propertyId === null) return {};
    const row = await knex()('properties')
      .where({ id: propertyId })
      .first('advance_months', 'agency_fee_percent', 'registration_fee');
    if (!row) return {};
    return {
      advance: Number(row.advance_months) > 0,
      agencyFee: Number(row.agency_fee_percent) > 0,
      registrationFee: Number(row.registration_fee) > 0,
    };
  }

  /** The listing as seekers read it (its approved version), for the thread's header; null if none. */
  async function header(propertyId: number | null) {
    if (propertyId === null) return null;
    const doc = await strapi.documents('api::property.property').findFirst({
      filters: { id: propertyId },
      populate: propertyService(strapi, 'catalogue').answerPopulate,
    });
    if (!doc) return null;
    const [answer] = await propertyService(strapi, 'approved-versions').present([doc]);
    return answer ?? null;
  }

  /** The staff accounts' names by id, for the assignee and the seeker of staff views. */
  async function people(ids: (number | null | undefined)[]) {
    const wanted = [
      ...new Set(ids.filter((id): id is number => id !== null && id !== undefined).map(Number)),
    ];
    if (wanted.length === 0) return new Map<number, { _id: string; name: string }>();
    const rows = await knex()('up_users')
      .whereIn('id', wanted)
      .select('id', 'document_id', 'full_name', 'email', 'phone');
    return new Map(
      rows.map((r) => [
        Number(r.id),
        {
          _id: String(r.document_id),
          name: nameOf({ fullName: r.full_name, email: r.email, phone: r.phone }),
        },
      ]),
    );
  }

  /** The active staff accounts, by name: whom a thread may be assigned to (a team of tens, not thousands). */
  async function colleagues() {
    const rows = await knex()('up_users as u')
      .join('up_users_role_lnk as l', 'l.user_id', 'u.id')
      .join('up_roles as r', 'r.id', 'l.role_id')
      .whereIn('r.type', ['admin', 'superadmin'])
      .andWhere((q) => q.where('u.blocked', false).orWhereNull('u.blocked'))
      .select('u.document_id', 'u.full_name', 'u.email', 'u.phone')
      .limit(500);
    return rows
      .map((r) => ({
        _id: String(r.document_id),
        name: nameOf({ fullName: r.full_name, email: r.email, phone: r.phone }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Lock a thread's row for the rest of the transaction (PostgreSQL; SQLite writes one at a time). */
  function lockThread(trx: Knex.Transaction, id: number) {
    const query = trx<ThreadRow>(THREADS).where({ id }).first();
    return (postgres() ? query.forUpdate() : query) as unknown as Promise<ThreadRow>;
  }

  /** Numbers a message and moves the thread on: its newest message, the writer's side, and what they have read. */
  async function sendInThread(
    trx: Knex.Transaction,
    threadId: number,
    side: 'seeker' | 'staff',
    at: Date,
    authorId: number,
  ) {
    const thread = await lockThread(trx, threadId);
    const seq = Number(thread.last_seq) + 1;
    // The seeker's first message, then staff's first reply to it: what reply times are made of.
    const firsts =
      side === 'seeker' && !thread.first_seeker_at
        ? { first_seeker_at: at }
        : side === 'staff' && thread.first_seeker_at && !thread.first_reply_at
          ? { first_reply_at: at, first_reply_by: authorId }
          : {};
    await trx(THREADS)
      .where({ id: threadId })
      .update({
        ...firsts,
        last_seq: seq,
        last_message_at: at,
        [side === 'staff' ? 'last_staff_seq' : 'last_seeker_seq']: seq,
        [side === 'staff' ? 'staff_read_seq' : 'seeker_read_seq']: seq,
        updated_at: at,
      });
    return { seq, thread };
  }

  /** The live stream's event of a message just numbered `seq`: the transaction's last write (see events.service). */
  const recordEvent = (trx: Knex.Transaction, thread: ThreadRow, seq: number, side: 'seeker' | 'staff') =>
    events().record(trx, {
      threadId: Number(thread.id),
      seekerId: Number(thread.seeker_id),
      kind: thread.kind,
      subject: thread.subject_id,
      seq,
      from: side,
    });

  const audit = () => approvalsService(strapi, 'audit');
  const events = () => getService(strapi, 'events');
  const auditAs = (account: Account) => ({
    id: String(account.user.documentId),
    email: String(account.user.email || account.user.phone || ''),
    role: account.role,
  });

  return {
    subjectOf,
    allowedSubject,
    threadOf,

    /**
     * One page of a thread: its newest messages (or those before `before`), oldest first, and its
     * header. Reading the newest page marks the thread read for the caller's side.
     */
    async read(account: Account, kind: ThreadKind, documentId: string, before?: number) {
      const subject = await allowedSubject(account, kind, documentId, { reading: true });
      const thread = await threadOf(subject);
      const staff = isStaff(account);
      const query = knex()<MessageRow>(MESSAGES)
        .where({ thread_id: thread.id, status: 'sent' })
        .orderBy('seq', 'desc')
        .limit(THREAD_PAGE_SIZE + 1);
      if (before !== undefined) query.andWhere('seq', '<', before);
      const rows = await query;
      const earlier = rows.length > THREAD_PAGE_SIZE;
      const page = rows.slice(0, THREAD_PAGE_SIZE).reverse();
      // Staff also see the messages held for a colleague's approval, after the thread.
      const held = staff
        ? await knex()<MessageRow>(MESSAGES).where({ thread_id: thread.id, status: 'held' }).orderBy('id')
        : [];
      if (before === undefined) {
        const column = staff ? 'staff_read_seq' : 'seeker_read_seq';
        await knex()(THREADS)
          .where({ id: thread.id })
          .andWhere(column, '<', Number(thread.last_seq))
          .update({ [column]: Number(thread.last_seq) });
      }
      const names = await people([thread.assignee_id, staff ? thread.seeker_id : null]);
      const hosts = ownHosts();
      const viewer = Number(account.user.id);
      return {
        kind,
        id: documentId,
        label: thread.label ?? subject.label,
        property: await header(subject.propertyId),
        assignee: thread.assignee_id === null ? null : (names.get(Number(thread.assignee_id)) ?? null),
        ...(staff ? { seeker: names.get(Number(thread.seeker_id)) ?? null } : {}),
        messages: page.map((r) => toMessage(r, viewer, hosts)),
        hasEarlier: earlier,
        ...(staff
          ? { held: held.map((r) => toMessage(r, viewer, hosts)), colleagues: await colleagues() }
          : {}),
      };
    },

    /**
     * Writes a message. The scam guard reads it first: a flagged message is sent with the warning
     * both sides see, except a staff member's, which is held until a colleague sends or declines it.
     */
    async post(account: Account, kind: ThreadKind, documentId: string, input: ThreadMessageInput) {
      const subject = await allowedSubject(account, kind, documentId);
      const staff = isStaff(account);
      const limit = await platformService(strapi, 'rate-limit').hit(
        `thread-messages:${account.user.id}`,
        3600,
      );
      const most = MESSAGES_PER_HOUR[staff ? 'staff' : 'seeker'];
      if (limit.count > most)
        throw new TooManyRequestsError(
          `You have sent ${most} messages in the last hour. Please wait a little before sending more.`,
          limit.retryAfterSeconds,
        );
      const thread = await threadOf(subject);
      const guard = guardMessage(input.text, { statedCosts: await statedCosts(subject.propertyId) });
      const held = staff && guard.flagged;
      const side = staff ? 'staff' : 'seeker';
      const at = now();
      const row: MessageRow = await strapi.db.transaction(async ({ trx }) => {
        const sent = held ? null : await sendInThread(trx, thread.id, side, at, Number(account.user.id));
        const seq = sent?.seq ?? null;
        const message = {
          document_id: newDocumentId(),
          thread_id: thread.id,
          seq,
          author_id: Number(account.user.id),
          author_role: side,
          author_name: nameOf(account.user).slice(0, 200),
          text: input.text,
          status: held ? 'held' : 'sent',
          flagged: guard.flagged,
          flag_reasons: JSON.stringify(guard.reasons),
          sent_at: held ? null : at,
          created_at: at,
          updated_at: at,
          published_at: at,
        };
        const [inserted] = await trx(MESSAGES).insert(message, ['id']);
        const id = typeof inserted === 'object' ? Number((inserted as { id: number }).id) : Number(inserted);
        if (sent) await recordEvent(trx, sent.thread, sent.seq, side);
        return { ...message, id } as unknown as MessageRow;
      });
      if (!held) void events().wake();
      if (staff)
        await audit().record({
          actor: auditAs(account),
          action: held ? 'message-held' : 'replied',
          resource: kind,
          resourceId: documentId,
          label: subject.label,
          detail: input.text.slice(0, 300),
        });
      return {
        message: toMessage(row, Number(account.user.id), ownHosts()),
        ...(held ? { notice: THREAD_TEXT.heldForApproval } : {}),
      };
    },

    /** A second member of staff sends or declines a held message (never its own author). */
    async review(account: Account, messageId: string, decision: 'send' | 'decline') {
      if (!isDocumentId(messageId)) throw new errors.NotFoundError(THREAD_TEXT.messageNotFound);
      const found = await knex()<MessageRow>(MESSAGES).where({ document_id: messageId }).first();
      if (!found) throw new errors.NotFoundError(THREAD_TEXT.messageNotFound);
      if (found.status !== 'held') throw httpError(409, THREAD_TEXT.notHeld);
      if (found.author_id !== null && Number(found.author_id) === Number(account.user.id))
        throw httpError(403, THREAD_TEXT.secondStaffMember);
      const at = now();
      const row = await strapi.db.transaction(async ({ trx }) => {
        // Under the thread's lock, so two colleagues deciding at once give one decision.
        await lockThread(trx, found.thread_id);
        const still = await trx(MESSAGES).where({ id: found.id, status: 'held' }).first('id');
        if (!still) throw httpError(409, THREAD_TEXT.notHeld);
        const sent =
          decision === 'send'
            ? await sendInThread(
                trx,
                found.thread_id,
                'staff',
                at,
                Number(found.author_id ?? account.user.id),
              )
            : null;
        const seq = sent?.seq ?? null;
        const changes = {
          status: decision === 'send' ? 'sent' : 'declined',
          seq,
          sent_at: decision === 'send' ? at : null,
          reviewed_by_id: Number(account.user.id),
          reviewed_at: at,
          updated_at: at,
        };
        await trx(MESSAGES).where({ id: found.id }).update(changes);
        if (sent) await recordEvent(trx, sent.thread, sent.seq, 'staff');
        return { ...found, ...changes } as MessageRow;
      });
      if (decision === 'send') void events().wake();
      const thread = await knex()<ThreadRow>(THREADS).where({ id: found.thread_id }).first();
      await audit().record({
        actor: auditAs(account),
        action: decision === 'send' ? 'message-approved' : 'message-declined',
        resource: thread!.kind,
        resourceId: thread!.subject_id,
        label: thread!.label,
        detail: found.text.slice(0, 300),
      });
      return { message: toMessage(row, Number(account.user.id), ownHosts()) };
    },

    /**
     * The caller's threads with a message, newest activity first: a seeker's own, or every thread for
     * staff (`assignee`: 'me' or 'none'; `unread`: only those with a seeker's message nobody on staff
     * has read). Each with its unread count; `unread` in the answer counts the threads with any.
     */
    async list(
      account: Account,
      query: { page: number; pageSize: number; assignee?: 'me' | 'none'; unreadOnly?: boolean },
    ) {
      const staff = isStaff(account);
      const me = Number(account.user.id);
      const mine = (q: Knex.QueryBuilder) => {
        q.where('t.last_seq', '>', 0);
        if (!staff) q.andWhere('t.seeker_id', me);
        if (query.assignee === 'me') q.andWhere('t.assignee_id', me);
        if (query.assignee === 'none') q.whereNull('t.assignee_id');
        return q;
      };
      const unreadSql = staff
        ? 't.last_seeker_seq > t.staff_read_seq'
        : 't.last_staff_seq > t.seeker_read_seq';
      const filtered = (q: Knex.QueryBuilder) => {
        mine(q);
        if (query.unreadOnly) q.andWhereRaw(unreadSql);
        return q;
      };
      const [{ total }] = await filtered(knex()('threads as t')).count({ total: '*' });
      const [{ unread }] = await mine(knex()('threads as t')).andWhereRaw(unreadSql).count({ unread: '*' });
      const other = staff ? 'seeker' : 'staff';
      const readColumn = staff ? 't.staff_read_seq' : 't.seeker_read_seq';
      const rows = rawRows<
        ThreadRow & { unread_count: number | string; last_text: string | null; last_from: string | null }
      >(
        await knex().raw(
          `select t.*, m.text as last_text, m.author_role as last_from,
             (select count(*) from ${MESSAGES} u
               where u.thread_id = t.id and u.seq > ${readColumn} and u.author_role = ?) as unread_count
           from (${filtered(knex()('threads as t'))
             .select('t.*')
             .orderBy([
               { column: 't.last_message_at', order: 'desc' },
               { column: 't.id', order: 'desc' },
             ])
             .limit(query.pageSize)
             .offset((query.page - 1) * query.pageSize)
             .toQuery()}) t
           left join ${MESSAGES} m on m.thread_id = t.id and m.seq = t.last_seq
           order by t.last_message_at desc, t.id desc`,
          [other],
        ),
      );
      const names = await people(rows.flatMap((r) => [r.assignee_id, staff ? r.seeker_id : null]));
      const items = rows.map((r) => ({
        kind: r.kind,
        id: r.subject_id,
        label: r.label,
        ...(staff ? { seeker: names.get(Number(r.seeker_id)) ?? null } : {}),
        assignee: r.assignee_id === null ? null : (names.get(Number(r.assignee_id)) ?? null),
        lastMessage: {
          text: (r.last_text ?? '').slice(0, 160),
          from: r.last_from,
          at: asIsoDate(r.last_message_at),
        },
        messages: Number(r.last_seq),
        unread: Number(r.unread_count),
      }));
      return { items, total: Number(total), unread: Number(unread) };
    },

    /** Staff give a thread to a colleague on staff, or to nobody (`null`). */
    async assign(account: Account, kind: ThreadKind, documentId: string, assignee: string | null) {
      const subject = await allowedSubject(account, kind, documentId);
      const thread = await threadOf(subject);
      let assigneeId: number | null = null;
      let assigneeName = 'nobody';
      if (assignee !== null) {
        if (!isDocumentId(assignee)) throw new errors.ValidationError(THREAD_TEXT.assigneeNotFound);
        const user = await strapi.db.query('plugin::users-permissions.user').findOne({
          where: { documentId: assignee },
          populate: ['role'],
        });
        if (!user) throw new errors.ValidationError(THREAD_TEXT.assigneeNotFound);
        const type = (user.role as { type?: string } | null)?.type;
        if ((type !== 'admin' && type !== 'superadmin') || user.blocked)
          throw new errors.ValidationError(THREAD_TEXT.assigneeNotStaff);
        assigneeId = Number(user.id);
        assigneeName = nameOf(user);
      }
      await knex()(THREADS).where({ id: thread.id }).update({ assignee_id: assigneeId, updated_at: now() });
      await audit().record({
        actor: auditAs(account),
        action: 'assigned',
        resource: kind,
        resourceId: documentId,
        label: subject.label,
        detail: `To ${assigneeName}`,
      });
      const names = await people([assigneeId]);
      return { kind, id: documentId, assignee: assigneeId === null ? null : (names.get(assigneeId) ?? null) };
    },
  };
};
