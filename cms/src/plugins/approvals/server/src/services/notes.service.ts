import type { Core } from '@strapi/strapi';
import { documentData } from '../../../../../shared/document-data';
import { columnOf, tableOf } from '../../../../../shared/staff-page';

export const NOTE_UID = 'plugin::approvals.review-note' as const;

interface NoteRow {
  id: number;
  itemId: string;
  note: string;
}

/**
 * "Changes requested" notes: the superadmin's note on an item kept unapproved, one per item, shown to
 * staff on the item (as `changesRequested`) until it is approved.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(NOTE_UID);
  return {
    /** Sets the item's note, replacing the one it had. */
    async set(itemType: string, itemId: string, note: string, byEmail: string | null): Promise<void> {
      const current = (await rows().findOne({
        where: { itemType, itemId },
        select: ['id'],
      })) as NoteRow | null;
      if (current) {
        await rows().update({ where: { id: current.id }, data: { note, byEmail } });
      } else {
        // Through the document service, which gives the row its documentId (the db layer does not).
        await strapi
          .documents(NOTE_UID)
          .create({ data: documentData(NOTE_UID, { itemType, itemId, note, byEmail }) });
      }
    },

    async clear(itemType: string, itemId: string): Promise<void> {
      await rows().deleteMany({ where: { itemType, itemId } });
    },

    /** The notes of these items, by documentId. */
    async forItems(itemType: string, itemIds: string[]): Promise<Map<string, string>> {
      if (itemIds.length === 0) return new Map();
      const found = (await rows().findMany({
        where: { itemType, itemId: { $in: itemIds } },
        select: ['itemId', 'note'],
      })) as NoteRow[];
      return new Map(found.map((r) => [r.itemId, r.note]));
    },

    /**
     * SQL for the note of the item of `itemType` whose documentId is in `documentIdColumn`, as a
     * scalar subquery: a queue's page reads its items' notes in the statement that finds it.
     */
    noteSql(itemType: string, documentIdColumn: string): string {
      const literal = `'${itemType.replace(/'/g, "''")}'`;
      const col = (attribute: string) => columnOf(strapi, NOTE_UID, attribute);
      return `(select n.${col('note')} from ${tableOf(strapi, NOTE_UID)} n where n.${col('itemType')} = ${literal} and n.${col('itemId')} = ${documentIdColumn} limit 1)`;
    },

    /** The items (answers with `_id`) with `changesRequested`: the note, or null. */
    async attach<T extends { _id: string }>(
      itemType: string,
      items: T[],
    ): Promise<Array<T & { changesRequested: string | null }>> {
      const notes = await this.forItems(
        itemType,
        items.map((i) => i._id),
      );
      return items.map((i) => ({ ...i, changesRequested: notes.get(i._id) ?? null }));
    },
  };
};
