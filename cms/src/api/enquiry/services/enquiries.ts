import type { Core, Data, Modules } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES, type EnquiryCreate, type EnquiryPriority, type EnquiryStatus, type EnquiryUpdate } from '@fie/domain';
import type { Account, User } from '../../../shared/account';
import { documentData } from '../../../shared/document-data';
import { toPublicProperty, type PropertyForAnswer } from '../../property/services/catalogue';

const UID = 'api::enquiry.enquiry';
const POPULATE = {
  owner: { fields: ['documentId', 'email'] },
  property: { populate: { images: true, city: { fields: ['name', 'slug'] } } },
} satisfies Modules.Documents.Params.Populate.ObjectNotation<typeof UID>;

/** An enquiry with its owner and property populated (POPULATE). */
export type EnquiryDoc = Omit<Data.ContentType<typeof UID>, 'owner' | 'property'> & {
  owner?: Pick<User, 'documentId' | 'email'> | null;
  property?: PropertyForAnswer | null;
};
type EnquiryFilters = Modules.Documents.Params.Filters.Any<typeof UID>;

/** An enquiry as the seeds' clients read it. `comments` shows staff notes, else the client's message. */
export function toEnquiry(doc: EnquiryDoc) {
  return {
    _id: doc.documentId,
    name: doc.name,
    phoneNumber: Array.isArray(doc.phoneNumber) ? doc.phoneNumber : [],
    email: doc.email ?? null,
    whatsAppNumber: doc.whatsAppNumber ?? null,
    location: doc.location ?? null,
    propertyType: doc.propertyType ?? null,
    budget: doc.budget ?? null,
    furnishStatus: doc.furnishStatus ?? 'Not specified',
    priority: doc.priority,
    status: doc.status,
    comments: doc.comments ?? doc.message ?? null,
    message: doc.message ?? null,
    source: doc.source ?? null,
    interestedProperty: doc.property ? toPublicProperty(doc.property) : null,
    propertyLabel: doc.propertyLabel ?? null,
    user: doc.owner ? { _id: doc.owner.documentId, email: doc.owner.email } : null,
    enquiryDate: doc.enquiryDate ?? null,
    createdAt: doc.createdAt ?? null,
    updatedAt: doc.updatedAt ?? null,
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(UID);
  const now = () => strapi.plugin('accounts').service('clock').now() as Date;

  return {
    /** A seeker's enquiry is theirs; staff record one on a client's behalf. */
    async create(input: EnquiryCreate, account: Account, source?: string) {
      let property: Pick<PropertyForAnswer, 'documentId' | 'propertyType' | 'location' | 'approvalStatus'> | null = null;
      if (input.product) {
        property = await strapi.documents('api::property.property').findOne({ documentId: input.product, fields: ['documentId', 'propertyType', 'location', 'approvalStatus'] });
        const staff = account.role !== 'user';
        if (!property || (!staff && property.approvalStatus !== 'approved')) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
      }
      const seeker = account.role === 'user';
      const origin = seeker ? (property ? 'property' : source === 'contact' ? 'contact' : 'dashboard') : 'staff';
      const { product: _product, ...fields } = input;
      const doc = await documents().create({
        data: documentData(UID, {
          ...fields,
          owner: seeker ? account.user.documentId : null,
          property: property?.documentId ?? null,
          propertyLabel: property ? `${property.propertyType} in ${property.location}` : null,
          status: 'Pending',
          priority: 'Moderate',
          enquiryDate: now().toISOString(),
          source: origin,
        }),
        populate: POPULATE,
      });
      return toEnquiry(doc);
    },

    async listOwn(userId: number) {
      const docs = await documents().findMany({ filters: { owner: { id: userId } }, sort: [{ enquiryDate: 'desc' }], populate: POPULATE, limit: 500 });
      return docs.map(toEnquiry);
    },

    async listAll(query: { page: number; pageSize: number; status?: string; priority?: string; search?: string }) {
      const and: EnquiryFilters[] = [];
      if (query.status) and.push({ status: query.status as EnquiryStatus });
      if (query.priority) and.push({ priority: query.priority as EnquiryPriority });
      if (query.search) {
        const contains = () => ({ $containsi: query.search });
        and.push({ $or: [{ email: contains() }, { name: contains() }, { location: contains() }, { phoneText: contains() }] });
      }
      const filters: EnquiryFilters = { $and: and };
      const [docs, total] = await Promise.all([
        documents().findMany({ filters, sort: [{ enquiryDate: 'desc' }, { id: 'desc' }], populate: POPULATE, start: (query.page - 1) * query.pageSize, limit: query.pageSize }),
        documents().count({ filters }),
      ]);
      return { items: docs.map(toEnquiry), total };
    },

    async update(documentId: string, changes: EnquiryUpdate) {
      const current = await documents().findOne({ documentId });
      if (!current) throw new errors.NotFoundError('Enquiry not found');
      // Update answers null only for a missing document, and this one was just read.
      const doc = (await documents().update({ documentId, data: changes, populate: POPULATE }))!;
      return toEnquiry(doc);
    },
  };
};
