import { randomBytes } from 'node:crypto';
import type { Core, UID } from '@strapi/strapi';
import { columnOf, tableOf } from '../../../../../shared/staff-page';
import { APPROVED } from '../types';

export const DELETION_UID = 'plugin::approvals.deletion-request' as const;
export const MARK_UID = 'plugin::approvals.approval-mark' as const;

const newDocumentId = () =>
  randomBytes(18)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .padEnd(24, '0')
    .slice(0, 24);
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Deleting what a superadmin approved takes a superadmin too. An admin's delete of an item that is
 * approved, or was approved once (an admin's edit sends it back to the queue, so its state alone does
 * not tell), becomes a request: the item stays as it is, public if it was, and waits in its approval
 * queue, where Approve deletes it and Reject keeps it. An item that was never approved is the
 * admin's own work in progress and goes at once, as does any superadmin's delete.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  /**
   * A plain row keyed by (item_type, item_id), written once however often it is asked for, in the
   * caller's transaction when there is one (a raw statement outside it would wait for the one
   * connection a SQLite transaction holds).
   */
  const insertOnce = (
    uid: typeof DELETION_UID | typeof MARK_UID,
    itemType: string,
    itemId: string,
    extra: Record<string, unknown> = {},
  ) =>
    strapi.db.transaction(async ({ trx }) => {
      const t = new Date();
      const col = (attribute: string) => columnOf(strapi, uid, attribute);
      await trx(tableOf(strapi, uid))
        .insert({
          document_id: newDocumentId(),
          [col('itemType')]: itemType,
          [col('itemId')]: itemId,
          ...extra,
          created_at: t,
          updated_at: t,
          published_at: t,
        })
        .onConflict([col('itemType'), col('itemId')])
        .ignore();
    });

  return {
    /** Called before a write sets `documentId`'s state to unapproved: if it is approved now, it was approved once. */
    async markIfLeavingApproved(uid: string, field: string, documentId: string): Promise<void> {
      const row = (await strapi.db
        .query(uid as UID.ContentType)
        .findOne({ where: { documentId }, select: [field] })) as Record<string, unknown> | null;
      if (row?.[field] === APPROVED) await insertOnce(MARK_UID, uid, documentId);
    },

    /** Whether deleting the item would remove work a superadmin approved: it is approved now, or was once. */
    async protectedFromDeletion(uid: string, field: string, documentId: string): Promise<boolean> {
      const row = (await strapi.db
        .query(uid as UID.ContentType)
        .findOne({ where: { documentId }, select: [field] })) as Record<string, unknown> | null;
      if (row?.[field] === APPROVED) return true;
      return Boolean(
        await strapi.db
          .query(MARK_UID)
          .findOne({ where: { itemType: uid, itemId: documentId }, select: ['id'] }),
      );
    },

    /** Records an admin's request to delete the item (once; asking again changes nothing). */
    async request(uid: string, documentId: string, byEmail: string | null): Promise<void> {
      await insertOnce(DELETION_UID, uid, documentId, {
        [columnOf(strapi, DELETION_UID, 'byEmail')]: byEmail,
      });
    },

    /** Who asked to delete the item, if anyone did: `{ byEmail }`, or null. */
    async requestFor(uid: string, documentId: string): Promise<{ byEmail: string | null } | null> {
      return (await strapi.db
        .query(DELETION_UID)
        .findOne({ where: { itemType: uid, itemId: documentId }, select: ['byEmail'] })) as {
        byEmail: string | null;
      } | null;
    },

    /** Forgets the request and the mark (the item was deleted, or the request decided). */
    async clear(uid: string, documentId: string, { mark = false } = {}): Promise<void> {
      await strapi.db.query(DELETION_UID).deleteMany({ where: { itemType: uid, itemId: documentId } });
      if (mark) await strapi.db.query(MARK_UID).deleteMany({ where: { itemType: uid, itemId: documentId } });
    },

    /**
     * The documentIds of the items of `uid` whose deletion waits, or undefined when there are more
     * than `max` (then `pendingSql` asks the table).
     */
    async pendingIds(uid: string, max: number): Promise<string[] | undefined> {
      const rows = (await strapi.db
        .query(DELETION_UID)
        .findMany({ where: { itemType: uid }, select: ['itemId'], limit: max + 1 })) as { itemId: string }[];
      return rows.length > max ? undefined : [...new Set(rows.map((r) => r.itemId))];
    },

    /**
     * SQL that is true when the item of `uid` whose documentId is in `documentIdColumn` waits to be
     * deleted. Given `waiting` (pendingIds' answer, read just before), it names them (`false` for none),
     * so the statement reads no other table; otherwise it asks the requests' table.
     */
    pendingSql(uid: string, documentIdColumn: string, waiting?: string[]): string {
      if (waiting)
        return waiting.length === 0 ? 'false' : `${documentIdColumn} in (${waiting.map(literal).join(', ')})`;
      const col = (attribute: string) => columnOf(strapi, DELETION_UID, attribute);
      return `exists (select 1 from ${tableOf(strapi, DELETION_UID)} dr where dr.${col('itemType')} = ${literal(uid)} and dr.${col('itemId')} = ${documentIdColumn})`;
    },

    /** The items (answers with `_id`) with `pendingDeletion` and `deletionRequestedBy`. */
    async attach<T extends { _id: string }>(
      uid: string,
      items: T[],
    ): Promise<Array<T & { pendingDeletion: boolean; deletionRequestedBy: string | null }>> {
      const ids = items.map((i) => i._id);
      const found =
        ids.length === 0
          ? []
          : ((await strapi.db.query(DELETION_UID).findMany({
              where: { itemType: uid, itemId: { $in: ids } },
              select: ['itemId', 'byEmail'],
            })) as Array<{ itemId: string; byEmail: string | null }>);
      const by = new Map(found.map((r) => [r.itemId, r.byEmail]));
      return items.map((i) => ({
        ...i,
        pendingDeletion: by.has(i._id),
        deletionRequestedBy: by.get(i._id) ?? null,
      }));
    },
  };
};
