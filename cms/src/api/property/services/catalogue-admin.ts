import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES, statedMoveInTerm, type PropertyCreate, type PropertyUpdate } from '@fie/domain';
import type { Account } from '../../../shared/account';
import { documentData, type DocumentData } from '../../../shared/document-data';
import { PROPERTY_POPULATE as POPULATE, toPublicProperty } from './catalogue';
import { getService } from '../get-service';

const PROPERTY_UID = 'api::property.property';

/**
 * The move-in terms belong to Rent listings. The schema refuses them beside leaseType 'Sale'; here the
 * stored lease decides for an edit that does not send one. An edit that makes a listing Sale clears
 * them, so no Sale listing keeps an advance that a later change back to Rent would revive unseen.
 */
function moveInTermsForLease(input: PropertyUpdate, storedLease: string | null | undefined): PropertyUpdate {
  if ((input.leaseType ?? storedLease) !== 'Sale') return input;
  if (statedMoveInTerm(input)) throw new errors.ValidationError(MESSAGES.moveInTermsRentOnly);
  if (storedLease === 'Sale') return input;
  return { ...input, advanceMonths: null, registrationFee: null, agencyFeePercent: null };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(PROPERTY_UID);

  async function cityDocumentId(slug: string | null | undefined): Promise<string | null | undefined> {
    if (slug === undefined) return undefined;
    if (slug === null) return null;
    const city = await strapi.db.query('api::city.city').findOne({ where: { slug }, select: ['documentId'] });
    if (!city) throw new errors.ValidationError(`Unknown city: ${slug}`);
    return city.documentId;
  }

  async function toData(input: Partial<PropertyCreate>): Promise<DocumentData<typeof PROPERTY_UID>> {
    const { price, images, city, ...rest } = input as Partial<PropertyCreate> & { price?: number };
    const data: DocumentData<typeof PROPERTY_UID> = { ...rest };
    if (price !== undefined) data.priceAmount = price;
    if (images !== undefined) data.images = await getService(strapi, 'property-images').toMediaIds(images);
    const cityId = await cityDocumentId(city);
    if (cityId !== undefined) data.city = cityId;
    return data;
  }

  async function load(documentId: string) {
    const doc = await documents().findOne({ documentId, populate: POPULATE });
    if (!doc) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
    return doc;
  }

  return {
    /**
     * The approval state is not set here: the approvals plugin's document middleware gives every
     * write its state from the writer's role (config/plugins.ts → approvals, 'api::property.property').
     */
    async create(input: PropertyCreate, account: Account) {
      const data = await toData(input);
      const doc = await documents().create({
        data: documentData(PROPERTY_UID, { ...data, postedBy: account.user.documentId }),
        populate: POPULATE,
      });
      return toPublicProperty(doc);
    },

    async update(documentId: string, input: PropertyUpdate) {
      const current = await load(documentId);
      const data = await toData(moveInTermsForLease(input, current.leaseType) as Partial<PropertyCreate>);
      // Update answers null only for a missing document, and load() just found this one.
      const doc = (await documents().update({
        documentId,
        data: documentData(PROPERTY_UID, data),
        populate: POPULATE,
      }))!;
      return toPublicProperty(doc);
    },
  };
};
