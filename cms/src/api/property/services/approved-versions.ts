import type { Core } from '@strapi/strapi';
import { exactPoint, propertyLabel } from '@fie/domain';
import {
  PROPERTY_POPULATE,
  toPublicProperty,
  type PropertyForAnswer,
  type PublicProperty,
} from './catalogue';
import type { ExactPlace } from './map-points';

// An admin's edit of an approved listing sends it back to the approval queue, and the edit is made on
// the listing's row at once: until a superadmin approves it, the row holds words nobody has reviewed
// (say, "pay a viewing fee first"). The public listing hides the row meanwhile. Seekers who hold a
// viewing or an enquiry of it read it too, so they are answered with the version last approved, kept
// here when the listing leaves its approved state, and dropped once it is approved again.

const PROPERTY_UID = 'api::property.property';
export const APPROVED_VERSIONS = 'property_approved_versions';

/** A listing as a seeker reads it: the approved version's public answer, with its exact place when asked. */
export type SeekerProperty = PublicProperty | (PublicProperty & ExactPlace);

type Knex = Core.Strapi['db']['connection'];

/** A populated property as kept (JSON of the document as the document service read it). */
const parse = (json: string | null | undefined): PropertyForAnswer | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as PropertyForAnswer;
  } catch {
    return null;
  }
};

const placeOf = (doc: PropertyForAnswer): ExactPlace => ({
  ...exactPoint(doc),
  digitalAddress: doc.digitalAddress ?? null,
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = (): Knex => strapi.db.connection;

  const service = {
    async ensureTable(): Promise<void> {
      if (await knex().schema.hasTable(APPROVED_VERSIONS)) return;
      await knex().schema.createTable(APPROVED_VERSIONS, (t) => {
        t.string('property_document_id', 64).primary();
        t.text('doc').notNullable();
        t.timestamp('saved_at').notNullable();
      });
    },

    /**
     * Called in the transaction of a write that sets the listing unapproved, before it: an approved
     * listing's current version is kept (replacing an older one); a listing already waiting keeps the
     * version kept when it first left (the last one approved).
     */
    async keepIfApproved(trx: Knex, documentId: string): Promise<void> {
      const row = (await trx('properties').where({ document_id: documentId }).first('approval_status')) as
        | { approval_status: string }
        | undefined;
      if (row?.approval_status !== 'approved') return;
      const doc = await strapi.documents(PROPERTY_UID).findOne({ documentId, populate: PROPERTY_POPULATE });
      if (!doc) return;
      await trx(APPROVED_VERSIONS)
        .insert({ property_document_id: documentId, doc: JSON.stringify(doc), saved_at: new Date() })
        .onConflict('property_document_id')
        .merge();
    },

    /** The listing is approved again (or gone): its row is what seekers read. */
    async forget(trx: Knex, documentId: string): Promise<void> {
      await trx(APPROVED_VERSIONS).where({ property_document_id: documentId }).del();
    },

    /**
     * The versions of these properties seekers read, in order: an approved one as it is; one waiting
     * for approval as it was last approved, or null if it never was. Each doc needs its documentId
     * and approvalStatus (a waiting one's kept version is whole).
     */
    async versions(
      docs: (Pick<PropertyForAnswer, 'documentId' | 'approvalStatus'> | null | undefined)[],
    ): Promise<(PropertyForAnswer | null)[]> {
      const waiting = [
        ...new Set(
          docs
            .filter(
              (d): d is NonNullable<(typeof docs)[number]> => Boolean(d) && d!.approvalStatus !== 'approved',
            )
            .map((d) => d.documentId as string),
        ),
      ];
      const kept = new Map<string, PropertyForAnswer | null>();
      if (waiting.length > 0) {
        // In the caller's transaction when there is one (a viewing's change and its e-mail are written
        // together): on SQLite a statement outside it would wait for the connection that one holds.
        const rows: { property_document_id: string; doc: string }[] = await strapi.db.transaction(({ trx }) =>
          trx(APPROVED_VERSIONS)
            .whereIn('property_document_id', waiting)
            .select('property_document_id', 'doc'),
        );
        for (const r of rows) kept.set(r.property_document_id, parse(r.doc));
      }
      return docs.map((doc) => {
        if (!doc) return null;
        return doc.approvalStatus === 'approved'
          ? (doc as PropertyForAnswer)
          : (kept.get(doc.documentId as string) ?? null);
      });
    },

    /**
     * The properties as seekers read them, in order (see versions): the public answer of the version
     * they read; `exact(i)` asks for the exact place (map point and GPS address) of the i-th, from it.
     */
    async present(
      docs: (PropertyForAnswer | null | undefined)[],
      exact: (index: number) => boolean = () => false,
    ): Promise<(SeekerProperty | null)[]> {
      return (await service.versions(docs)).map((version, i) => {
        if (!version) return null;
        const answer = toPublicProperty(version);
        return exact(i) ? { ...answer, ...placeOf(version) } : answer;
      });
    },

    /** How a seeker's record names its property: from the version the seeker reads, else as stored. */
    labelOf(answer: SeekerProperty | null, stored: string | null | undefined): string | null {
      return answer ? propertyLabel(answer) : (stored ?? null);
    },
  };
  return service;
};
