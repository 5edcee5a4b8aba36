import type { Core, UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES, type AuditResource } from '@fie/domain';
import {
  columnOf,
  inIdOrder,
  staffPageIds,
  staffPageRows,
  tableOf,
  Where,
} from '../../../../../shared/staff-page';
import { httpError } from '../../../../../shared/errors';
import { rawRows } from '../../../../../shared/raw-rows';
import { APPROVED, UNAPPROVED, type ApprovalState, type ApprovalView, type GovernedType } from '../types';
import { getService as accountsService } from '../../../../accounts/server/src/get-service';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { getService } from '../get-service';
import { requestState } from '../../../../../shared/request-state';

export type WriteAction = 'create' | 'update';

type Doc = Record<string, unknown>;
/**
 * The document-service calls made here. The content type is named at run time (from the config),
 * and Strapi's typings of filters, sort and populate need a literal UID, so this narrow shape
 * stands in for them.
 */
interface Documents {
  findOne(params: { documentId: string; fields?: string[]; populate?: object }): Promise<Doc | null>;
  findMany(params: {
    filters: object;
    sort: object[];
    start: number;
    limit: number;
    populate: object;
  }): Promise<Doc[]>;
  count(params: { filters: object }): Promise<number>;
  update(params: { documentId: string; data: Doc; populate: object }): Promise<Doc>;
  delete(params: { documentId: string }): Promise<unknown>;
}

/**
 * Up to this many items waiting for deletion are named in a queue's SQL by documentId, which leaves
 * the unapproved rows' own indexes usable (an `or exists (…)` does not); past it, a subquery.
 */
const MAX_LISTED_DELETIONS = 500;

/** A database time as milliseconds (PostgreSQL gives a Date, SQLite a number or a string). */
const msOf = (value: unknown): number =>
  value instanceof Date
    ? value.getTime()
    : typeof value === 'number' || /^\d+$/.test(String(value))
      ? Number(value)
      : Date.parse(String(value));

/** Refused writes name what was refused; a PolicyError answers 403 with this message. */
export const REFUSED_APPROVAL = 'You do not have permission to approve this.';

/**
 * The one approval rule, for every governed content type, with each type's differences read from
 * its configuration (config/plugins.ts → approvals.config.contentTypes):
 * - a create by one of the type's `approvers` is approved at once; anyone else's waits (unapproved);
 * - an edit by a role in `requeueEditsBy` sends the item back to the queue, unless it changes only
 *   fields in `requeueIgnores`;
 * - only `approvers` may write `approved` (anyone else who tries is refused); an edit by an approver
 *   keeps the state as it is unless it sets it.
 * Writes with no signed-in app account behind them (the seeder, start-up code, the admin panel) are
 * left as they are: the schema's default (unapproved) or the state they set.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const types = (): Record<string, GovernedType> =>
    strapi.config.get('plugin::approvals.contentTypes', {}) as Record<string, GovernedType>;

  function typeOf(uid: string): GovernedType {
    const t = types()[uid];
    if (!t)
      throw new Error(
        `approvals: ${uid} is not governed (see approvals.config.contentTypes in config/plugins.ts)`,
      );
    return t;
  }

  // The view service is the type's API's; the config names it, so its type is not known here.
  const view = (t: GovernedType) =>
    (strapi.service(t.view as UID.Service) as unknown as { approvalView: ApprovalView }).approvalView;
  const documents = (uid: string) => strapi.documents(uid as UID.ContentType) as unknown as Documents;
  const notes = () => getService(strapi, 'notes');
  const deletions = () => getService(strapi, 'deletions');
  const audit = () => getService(strapi, 'audit');
  /** What a decision or a delete reads of the request: the account making it, and the audit trail's words for it. */
  const currentState = () => requestState(strapi.requestContext.get());

  /**
   * The item's row, locked until the transaction ends on PostgreSQL (SQLite writes one at a time):
   * a decision checks the version it was made on, and no edit can slip in between.
   */
  async function lockedRow(
    trx: Core.Strapi['db']['connection'],
    uid: string,
    documentId: string,
  ): Promise<{ updated_at: unknown } | undefined> {
    const query = trx(tableOf(strapi, uid as UID.Schema))
      .where({ document_id: documentId })
      .first('updated_at');
    return (strapi.db.dialect.client === 'postgres' ? query.forUpdate() : query) as Promise<
      { updated_at: unknown } | undefined
    >;
  }

  /** The label the type's review settings name an item by (its location, its tenant). */
  async function labelOf(uid: string, t: GovernedType, documentId: string): Promise<string> {
    const field = t.review?.label;
    if (!field) return documentId;
    const row = (await strapi.db
      .query(uid as UID.ContentType)
      .findOne({ where: { documentId }, select: [field] })) as Record<string, unknown> | null;
    return String(row?.[field] ?? documentId);
  }

  const service = {
    /** The governed content types and their configuration, by UID. */
    contentTypes: types,

    governs(uid: string): boolean {
      return Object.prototype.hasOwnProperty.call(types(), uid);
    },

    typeOf,

    /**
     * The role of the account whose request is writing, as the signed-in policy left it in
     * ctx.state.role; undefined outside a request or for callers without an app account.
     */
    writerRole(): string | undefined {
      return currentState().role;
    },

    /**
     * The data of a create or update of `uid` by `role`, with the approval state the rule gives it.
     * Throws a PolicyError when a role that does not approve writes `approved`.
     */
    dataForWrite(
      uid: string,
      action: WriteAction,
      role: string,
      data: Record<string, unknown> = {},
    ): Record<string, unknown> {
      const t = typeOf(uid);
      const approver = t.approvers.includes(role);
      const asked = data[t.field];
      if (!approver && asked === APPROVED) throw new errors.PolicyError(REFUSED_APPROVAL);
      const out = { ...data };
      if (action === 'create') {
        if (asked === undefined) out[t.field] = approver ? APPROVED : UNAPPROVED;
        return out;
      }
      const changes = Object.keys(data).filter((k) => k !== t.field && !t.requeueIgnores.includes(k));
      if (t.requeueEditsBy.includes(role) && changes.length > 0) out[t.field] = UNAPPROVED;
      return out;
    },

    /** What waits for approval, newest first (or as the type says), in the type's own answer shape. */
    async pending(uid: string, query: { page?: number; pageSize?: number; search?: string } = {}) {
      const t = typeOf(uid);
      const { populate, present, pending, pageRows } = view(t);
      const paged = t.queue.paging !== null;
      const page = query.page ?? 1;
      const pageSize = paged ? (query.pageSize ?? t.queue.paging!.pageSize) : t.queue.limit;
      const waitingDeletion = await deletions().pendingIds(uid, MAX_LISTED_DELETIONS);
      const pendingDeletion = (documentIdColumn: string) =>
        deletions().pendingSql(uid, documentIdColumn, waitingDeletion);
      const withReviewState = async <T extends { _id: string }>(items: T[]) =>
        deletions().attach(uid, await notes().attach(uid, items));
      if (pending) {
        const own = await pending({
          search: query.search,
          page,
          pageSize,
          pendingDeletion,
          deletionsNamed: waitingDeletion !== undefined,
        });
        return { items: await withReviewState(own.items), total: paged ? own.total : undefined };
      }
      // The page and the count in plain SQL (shared/staff-page.ts), columns named by Strapi's
      // metadata; the items in the type's own answer shape, from the same statement when the type
      // says which columns answer them (pageRows), else from its documents in the page's order.
      const alias = pageRows?.alias ?? 't';
      const column = (attribute: string) => `${alias}.${columnOf(strapi, uid as UID.Schema, attribute)}`;
      // What waits: the unapproved items, and those an admin asked to delete.
      const where = new Where().add(
        `(${column(t.field)} = ? or ${pendingDeletion(column('documentId'))})`,
        UNAPPROVED,
      );
      if (query.search && t.queue.searchFields.length > 0)
        where.contains(t.queue.searchFields.map(column), query.search);
      const orderBy = t.queue.sort
        .flatMap((s) =>
          Object.entries(s).map(([field, dir]) => `${column(field)} ${dir === 'desc' ? 'desc' : 'asc'}`),
        )
        .join(', ');
      const from = `${tableOf(strapi, uid as UID.Schema)} ${alias}`;
      if (pageRows) {
        // Each item's reject note too: one statement for the whole answer.
        const select = `${pageRows.select}, ${notes().noteSql(uid, column('documentId'))} as changes_requested`;
        const { rows, total } = await staffPageRows<Record<string, unknown>>(strapi, {
          from,
          id: `${alias}.id`,
          where,
          orderBy,
          select,
          rowsFrom: pageRows.rowsFrom,
          keptUnder: pageRows.keptUnder,
          page,
          pageSize,
        });
        const items = rows.map((r) => ({
          ...pageRows.present(r),
          changesRequested: (r.changes_requested as string | null | undefined) ?? null,
        }));
        return { items: await deletions().attach(uid, items), total: paged ? total : undefined };
      }
      const { ids, total } = await staffPageIds(strapi, {
        from,
        id: `${alias}.id`,
        where,
        orderBy,
        page,
        pageSize,
      });
      const docs = ids.length
        ? inIdOrder(
            ids,
            (await documents(uid).findMany({
              filters: { id: { $in: ids } },
              sort: [],
              start: 0,
              limit: ids.length,
              populate,
            })) as (Doc & { id?: number })[],
          )
        : [];
      const items = await withReviewState(docs.map((d) => present(d) as { _id: string }));
      return { items, total: paged ? total : undefined };
    },

    /** How many items of `uid` wait in its queue: the unapproved ones and those whose deletion an admin asked for. */
    async waitingCount(uid: string): Promise<number> {
      const t = typeOf(uid);
      const table = tableOf(strapi, uid as UID.Schema);
      const field = columnOf(strapi, uid as UID.Schema, t.field);
      const document = columnOf(strapi, uid as UID.Schema, 'documentId');
      const [row] = rawRows<{ n: number | string }>(
        await strapi.db.connection.raw(
          `select count(*) as n from ${table} t where t.${field} = ? or ${deletions().pendingSql(uid, `t.${document}`)}`,
          [UNAPPROVED],
        ),
      );
      return Number(row?.n ?? 0);
    },

    /**
     * Approve or keep unapproved (reject). A reject may carry a note ("Changes requested: …"), kept on
     * the item and e-mailed to whoever submitted it; approving removes the note. With `seenUpdatedAt`
     * (the item's updatedAt as the queue showed it), an item changed since then is refused with 409,
     * so nothing unseen is approved. On an item whose deletion an admin asked for, Approve deletes it
     * and Reject keeps it as it was (the note goes to that admin). The answer is the item as its own
     * routes show it, with `changesRequested`, and which of the type's answers applies.
     */
    async decide(
      uid: string,
      documentId: string,
      action: 'approve' | 'unapprove',
      note?: string,
      seenUpdatedAt?: string,
    ): Promise<{ item: unknown; message: string }> {
      const t = typeOf(uid);
      const { populate, present } = view(t);
      const state = currentState();
      const by = state.user?.email ?? null;
      // The decision, its note and the note's e-mail (in the outbox) are kept together, on the
      // version of the item that was seen.
      const decided = await strapi.db.transaction(async ({ trx }) => {
        const row = await lockedRow(trx, uid, documentId);
        if (!row) throw new errors.NotFoundError(t.answer.notFound);
        if (seenUpdatedAt !== undefined && msOf(row.updated_at) !== Date.parse(seenUpdatedAt))
          throw httpError(409, MESSAGES.itemChangedSinceOpened);
        const deletion = await deletions().requestFor(uid, documentId);
        if (deletion) return decideDeletion(uid, t, documentId, action, note, deletion.byEmail, by);
        // The audit trail logs this update as the decision (with the note), not as an edit.
        state.auditAs = action === 'approve' ? 'approved' : 'kept-unapproved';
        if (note) state.auditDetail = note;
        const newState: ApprovalState = action === 'approve' ? APPROVED : UNAPPROVED;
        // A reject of an approved item: it was approved once (an admin's delete of it then needs a superadmin).
        if (newState === UNAPPROVED) await deletions().markIfLeavingApproved(uid, t.field, documentId);
        const updated = await documents(uid).update({ documentId, data: { [t.field]: newState }, populate });
        if (action === 'approve') {
          await notes().clear(uid, documentId);
        } else if (note) {
          await notes().set(uid, documentId, note, by);
          await tellSubmitter(uid, t, documentId, note, by);
        }
        return { doc: updated, message: action === 'approve' ? t.answer.approved : t.answer.kept };
      });
      const [item] = await notes().attach(uid, [present(decided.doc) as { _id: string }]);
      return { item, message: decided.message };
    },

    /**
     * Deletes the item, or, when an admin deletes an item a superadmin approved (now or once), asks
     * a superadmin to: the item stays as it is and waits in its queue. Answers which happened.
     */
    async remove(uid: string, documentId: string): Promise<'deleted' | 'requested'> {
      const t = typeOf(uid);
      const role = service.writerRole();
      // One transaction with the item's row locked: a decision made meanwhile (an approval that
      // makes it protected) cannot slip between the check and the delete.
      return strapi.db.transaction(async ({ trx }) => {
        if (!(await lockedRow(trx, uid, documentId))) throw new errors.NotFoundError(t.answer.notFound);
        if (
          role !== undefined &&
          !t.approvers.includes(role) &&
          (await deletions().protectedFromDeletion(uid, t.field, documentId))
        ) {
          const actor = audit().currentActor();
          await deletions().request(uid, documentId, actor?.email ?? null);
          // The item changed (a deletion now waits on it): a decision made on what the queue showed
          // before is refused rather than approving, or deleting, unseen.
          await trx(tableOf(strapi, uid as UID.Schema))
            .where({ document_id: documentId })
            .update({ updated_at: new Date() });
          const label = await labelOf(uid, t, documentId);
          if (actor)
            await audit().record({
              actor,
              action: 'deletion-requested',
              resource: auditResource(uid),
              resourceId: documentId,
              label,
              detail: null,
            });
          await service.tellApprovers(uid, t.review ? { [t.review.label]: label } : { documentId }, 'delete');
          return 'requested' as const;
        }
        await documents(uid).delete({ documentId });
        await deletions().clear(uid, documentId, { mark: true });
        await notes().clear(uid, documentId);
        return 'deleted' as const;
      });
    },

    /**
     * Tells the type's approvers (those whose "E-mail notifications" are on) that an item waits in
     * their queue: a new one, or one sent back by an edit. Their e-mails go to the outbox in the
     * write's transaction.
     */
    async tellApprovers(uid: string, doc: Record<string, unknown> | null, action: WriteAction | 'delete') {
      const t = typeOf(uid);
      if (!t.review || !doc) return;
      const label = String(doc[t.review.label] ?? '');
      const noun = t.review.noun;
      const subject = {
        create: `New ${noun} to approve`,
        update: `Edited ${noun} to approve`,
        delete: `Deletion to approve: ${noun}`,
      }[action];
      const done = { create: 'added', update: 'edited', delete: 'asked to be deleted' }[action];
      await accountsService(strapi, 'staff-mail').send(
        'notices',
        {
          subject: `${subject}: ${label}`.slice(0, 200),
          title: action === 'delete' ? `A deletion waits for approval` : `A ${noun} waits for approval`,
          lines: [
            `The ${noun} "${label}" was ${done} by an administrator and waits in the approval queue of the back-office.`,
          ],
        },
        { roles: t.approvers },
      );
    },
  };
  return service;

  /** The audit trail's word for a governed type's items (its audit configuration's, or the type's name). */
  function auditResource(uid: string): AuditResource {
    const audited = strapi.config.get('plugin::approvals.audit', {}) as Record<
      string,
      { resource: AuditResource }
    >;
    return audited[uid]?.resource ?? (uid.split('.').at(-1) as AuditResource);
  }

  /**
   * A decision on an admin's request to delete an item (in the decision's transaction): Approve deletes
   * it, Reject keeps it as it was, and the reject note, if any, goes to the admin who asked.
   */
  async function decideDeletion(
    uid: string,
    t: GovernedType,
    documentId: string,
    action: 'approve' | 'unapprove',
    note: string | undefined,
    askedBy: string | null,
    by: string | null,
  ) {
    const { populate } = view(t);
    const doc = await documents(uid).findOne({ documentId, populate });
    const state = currentState();
    if (action === 'approve') {
      // Logged as the delete, saying whose request it was.
      state.auditDetail = `Deletion asked for by ${askedBy ?? 'an administrator'}, approved`;
      await documents(uid).delete({ documentId });
      await deletions().clear(uid, documentId, { mark: true });
      await notes().clear(uid, documentId);
      return { doc: doc!, message: t.answer.deleted };
    }
    await deletions().clear(uid, documentId);
    const actor = audit().currentActor();
    const label = await labelOf(uid, t, documentId);
    if (actor)
      await audit().record({
        actor,
        action: 'deletion-rejected',
        resource: auditResource(uid),
        resourceId: documentId,
        label,
        detail: note ?? null,
      });
    if (askedBy && askedBy !== by && t.review) {
      const mailer = platformService(strapi, 'mailer');
      const brand = await mailer.brand();
      await mailer.send(
        askedBy,
        `Deletion rejected: ${t.review.noun} ${label}`.slice(0, 200),
        mailer.layoutFor(brand, `Your deletion of a ${t.review.noun} was rejected`, [
          `You asked to delete the ${t.review.noun} "${label}". A superadmin kept it as it was.`,
          ...(note ? ['The reviewer says:', note] : []),
        ]),
      );
    }
    return { doc: doc!, message: t.answer.deletionRejected };
  }

  /** E-mails a reject note to the account that submitted the item (not to the reviewer themselves). */
  async function tellSubmitter(
    uid: string,
    t: GovernedType,
    documentId: string,
    note: string,
    by: string | null,
  ) {
    if (!t.review) return;
    const item = (await strapi.db.query(uid as UID.ContentType).findOne({
      where: { documentId },
      select: [t.review.label],
      populate: { [t.review.submitter]: { select: ['email'] } },
    })) as Record<string, unknown> | null;
    const submitter = item?.[t.review.submitter] as { email?: string } | null | undefined;
    const to = submitter?.email;
    if (!to || to === by) return;
    const label = String(item?.[t.review.label] ?? '');
    const mailer = platformService(strapi, 'mailer');
    const brand = await mailer.brand();
    await mailer.send(
      to,
      `Changes requested: ${t.review.noun} ${label}`.slice(0, 200),
      mailer.layoutFor(brand, `Changes requested on your ${t.review.noun}`, [
        `Your ${t.review.noun} "${label}" was kept unapproved. The reviewer asks:`,
        note,
        `Edit it in the back-office; it goes back to the approval queue when you save.`,
      ]),
    );
  }
};
