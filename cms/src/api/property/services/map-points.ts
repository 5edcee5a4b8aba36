import type { Core } from '@strapi/strapi';
import { exactPoint, type Point } from '@fie/domain';
import { isStaff, type Account } from '../../../shared/account';

/**
 * Who sees a listing's exact map point. Every answer is built with the point rounded to about 100 m
 * (catalogue.ts, so nothing kept or cached for everyone holds more); this puts the exact one back for
 * staff, and for a seeker with an active viewing of that property, who is going there anyway.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /** The stored points of these properties, by document id (read in one query). */
  async function exactPoints(documentIds: string[]): Promise<Map<string, Point>> {
    const points = new Map<string, Point>();
    if (documentIds.length === 0) return points;
    const rows: {
      document_id: string;
      latitude: number | string | null;
      longitude: number | string | null;
    }[] = await knex()('properties')
      .whereIn('document_id', documentIds)
      .select('document_id', 'latitude', 'longitude');
    for (const row of rows) points.set(row.document_id, exactPoint(row));
    return points;
  }

  /** Whether this seeker holds an active (Ongoing or Rescheduled) viewing of the property. */
  async function hasActiveViewing(account: Account, documentId: string): Promise<boolean> {
    const userDocumentId = account.user.documentId;
    if (!userDocumentId) return false;
    // The viewings keep "<seeker>@<property>" on every active viewing, under a unique index.
    const found = await knex()('appointments')
      .where({ active_seeker_key: `${userDocumentId}@${documentId}` })
      .first('id');
    return Boolean(found);
  }

  return {
    /** The answers with their exact points (for staff lists and staff views). */
    async exact<T extends { _id: string; latitude?: number | null; longitude?: number | null }>(
      answers: T[],
    ): Promise<T[]> {
      const points = await exactPoints(answers.map((a) => a._id));
      return answers.map((a) => ({ ...a, ...(points.get(a._id) ?? { latitude: null, longitude: null }) }));
    },

    /** One property's answer as this caller may see it: exact for staff and for a seeker with an active viewing. */
    async forCaller<T extends { _id: string; latitude?: number | null; longitude?: number | null }>(
      answer: T,
      account: Account | null,
    ): Promise<T> {
      if (answer.latitude === null || answer.latitude === undefined || !account) return answer;
      if (isStaff(account) || (await hasActiveViewing(account, answer._id)))
        return (await this.exact([answer]))[0]!;
      return answer;
    },
  };
};
