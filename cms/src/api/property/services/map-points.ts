import type { Core } from '@strapi/strapi';
import { exactPoint, type Point } from '@fie/domain';
import { isStaff, type Account } from '../../../shared/account';

/** What pinpoints a home: its exact map point and its Ghana Post GPS address (a square of about 5 m). */
export type ExactPlace = Point & { digitalAddress: string | null };

/**
 * Who sees a listing's exact place. Every answer is built with the point rounded to about 100 m and
 * without the GPS address (catalogue.ts, so nothing kept or cached for everyone holds more); this puts
 * them back for staff, and for a seeker with an active viewing of that property, who is going there anyway.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /** The stored places of these properties, by document id (read in one query). */
  async function exactPlaces(documentIds: string[]): Promise<Map<string, ExactPlace>> {
    const places = new Map<string, ExactPlace>();
    if (documentIds.length === 0) return places;
    const rows: {
      document_id: string;
      latitude: number | string | null;
      longitude: number | string | null;
      digital_address: string | null;
    }[] = await knex()('properties')
      .whereIn('document_id', documentIds)
      .select('document_id', 'latitude', 'longitude', 'digital_address');
    for (const row of rows)
      places.set(row.document_id, { ...exactPoint(row), digitalAddress: row.digital_address ?? null });
    return places;
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

  const NO_PLACE: ExactPlace = { latitude: null, longitude: null, digitalAddress: null };

  return {
    /** The answers with their exact places (for staff lists and staff views, and a seeker's own viewings). */
    async exact<T extends { _id: string }>(answers: T[]): Promise<(T & ExactPlace)[]> {
      const places = await exactPlaces(answers.map((a) => a._id));
      return answers.map((a) => ({ ...a, ...(places.get(a._id) ?? NO_PLACE) }));
    },

    /** One property's answer as this caller may see it: exact for staff and for a seeker with an active viewing. */
    async forCaller<T extends { _id: string }>(
      answer: T,
      account: Account | null,
    ): Promise<T | (T & ExactPlace)> {
      if (!account) return answer;
      if (isStaff(account) || (await hasActiveViewing(account, answer._id)))
        return (await this.exact([answer]))[0]!;
      return answer;
    },
  };
};
