import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { FAVOURITES_MAX, MESSAGES, propertyLabel } from '@fie/domain';
import { approvedProperty } from '../../../shared/document-id';
import { asIsoDate } from '../../../shared/raw-rows';
import { getService as propertyService, type PublicProperty } from '../../property/get-service';

const UID = 'api::favourite.favourite';

type FavouriteRow = { property_document_id: string; property_label: string | null; created_at: unknown };

/** A saved property as the seeker's list shows it. */
export interface FavouriteItem {
  propertyId: string;
  savedAt: string | null;
  /** False once the property is no longer listed (unapproved or deleted): its card says "No longer available". */
  available: boolean;
  /** The property's public answer while it is listed; null after. */
  property: PublicProperty | null;
  /** What the property was when saved ("House in Osu"), for the card of one no longer listed. */
  label: string | null;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /** Rows as items: the listed properties' answers read in one query (the listing's own), the others marked. */
  async function itemsOf(rows: FavouriteRow[]): Promise<FavouriteItem[]> {
    const documentIds = rows.map((r) => r.property_document_id);
    const listed: { id: number | string; document_id: string }[] = documentIds.length
      ? await knex()('properties')
          .whereIn('document_id', documentIds)
          .andWhere('approval_status', 'approved')
          .select('id', 'document_id')
      : [];
    const rowIdOf = new Map(listed.map((p) => [p.document_id, Number(p.id)]));
    const answers = await propertyService(strapi, 'listing-sql').answersByIds([...rowIdOf.values()]);
    return rows.map((r) => {
      const rowId = rowIdOf.get(r.property_document_id);
      const json = rowId === undefined ? undefined : answers.get(rowId);
      return {
        propertyId: r.property_document_id,
        savedAt: asIsoDate(r.created_at),
        available: json !== undefined,
        property: json === undefined ? null : (JSON.parse(json) as PublicProperty),
        label: r.property_label,
      };
    });
  }

  const rowOf = (userId: number, propertyId: string): Promise<FavouriteRow | undefined> =>
    knex()('favourites')
      .where({ user_id: userId, property_document_id: propertyId })
      .first('property_document_id', 'property_label', 'created_at');

  return {
    /** The account's favourites, newest first. */
    async list(userId: number | string): Promise<FavouriteItem[]> {
      const rows: FavouriteRow[] = await knex()('favourites')
        .where({ user_id: Number(userId) })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(FAVOURITES_MAX)
        .select('property_document_id', 'property_label', 'created_at');
      return itemsOf(rows);
    },

    /** Saves a listed property (404 for an unknown or unlisted one); saving it again changes nothing. */
    async save(
      userId: number | string,
      propertyId: string,
    ): Promise<{ item: FavouriteItem; created: boolean }> {
      const user = Number(userId);
      const property = await approvedProperty<{
        property_type: string | null;
        location: string | null;
        price_ghs: number | string | null;
      }>(strapi, propertyId, ['property_type', 'location', 'price_ghs']);
      if (!property) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
      const existing = await rowOf(user, propertyId);
      if (existing) return { item: (await itemsOf([existing]))[0]!, created: false };
      const [{ n }] = await knex()('favourites').where({ user_id: user }).count({ n: '*' });
      if (Number(n) >= FAVOURITES_MAX) throw new errors.ValidationError(MESSAGES.favouritesFull);
      let created = true;
      try {
        await strapi.documents(UID).create({
          data: {
            userId: user,
            propertyDocumentId: propertyId,
            propertyLabel: propertyLabel({
              propertyType: property.property_type,
              location: property.location,
            }).slice(0, 300),
            // The price it was saved at, as its price history has it (the figure price drops compare):
            // a lower one later is a price drop to tell the seeker of.
            listedPriceGhs:
              (await propertyService(strapi, 'price-history').currentGhs(propertyId)) ??
              (property.price_ghs === null ? undefined : Number(property.price_ghs)),
          },
        });
      } catch (error) {
        // The same property saved twice at once: the unique index kept one row, which is the point.
        if (!(await rowOf(user, propertyId))) throw error;
        created = false;
      }
      return { item: (await itemsOf([(await rowOf(user, propertyId))!]))[0]!, created };
    },

    /** Removes a favourite; removing one that is not saved is harmless. */
    async remove(userId: number | string, propertyId: string): Promise<void> {
      await knex()('favourites')
        .where({ user_id: Number(userId), property_document_id: propertyId })
        .del();
    },
  };
};
