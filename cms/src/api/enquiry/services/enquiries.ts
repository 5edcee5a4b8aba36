import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES, type EnquiryUpdate } from '@fie/domain';
import type { Account } from '../../../shared/account';
import { toPublicProperty } from '../../property/services/catalogue';

const UID = 'api::enquiry.enquiry';
const POPULATE = {
  owner: { fields: ['documentId', 'email'] },
  property: { populate: { images: true, city: { fields: ['name', 'slug'] } } },
} as const;

/** An enquiry as the seeds' clients read it. `comments` shows staff notes, else the client's message. */
export function toEnquiry(doc: any) {
  return {
    _id: doc.documentId as string,
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
  const documents = () => strapi.documents(UID as any);
  const now = () => strapi.plugin('accounts').service('clock').now() as Date;

  return {
    /** A seeker's enquiry is theirs; staff record one on a client's behalf. */
    async create(input: any, account: Account, source?: string) {
      let property: any = null;
      if (input.product) {
        property = await strapi.documents('api::property.property' as any).findOne({ documentId: input.product, fields: ['documentId', 'propertyType', 'location', 'approvalStatus'] as any });
        const staff = account.role !== 'user';
        if (!property || (!staff && property.approvalStatus !== 'approved')) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
      }
      const seeker = account.role === 'user';
      const origin = seeker ? (property ? 'property' : source === 'contact' ? 'contact' : 'dashboard') : 'staff';
      const { product: _product, ...fields } = input;
      const doc = await documents().create({
        data: {
          ...fields,
          owner: seeker ? account.user.documentId : null,
          property: property?.documentId ?? null,
          propertyLabel: property ? `${property.propertyType} in ${property.location}` : null,
          status: 'Pending',
          priority: 'Moderate',
          enquiryDate: now().toISOString(),
          source: origin,
        } as any,
        populate: POPULATE as any,
      });
      return toEnquiry(doc);
    },

    async listOwn(userId: number) {
      const docs = await documents().findMany({ filters: { owner: { id: userId } } as any, sort: [{ enquiryDate: 'desc' }] as any, populate: POPULATE as any, limit: 500 });
      return docs.map(toEnquiry);
    },

    async listAll(query: { page: number; pageSize: number; status?: string; priority?: string; search?: string }) {
      const and: any[] = [];
      if (query.status) and.push({ status: query.status });
      if (query.priority) and.push({ priority: query.priority });
      if (query.search) and.push({ $or: ['email', 'name', 'location', 'phoneText'].map((f) => ({ [f]: { $containsi: query.search } })) });
      const filters = { $and: and } as any;
      const [docs, total] = await Promise.all([
        documents().findMany({ filters, sort: [{ enquiryDate: 'desc' }, { id: 'desc' }] as any, populate: POPULATE as any, start: (query.page - 1) * query.pageSize, limit: query.pageSize }),
        documents().count({ filters }),
      ]);
      return { items: docs.map(toEnquiry), total };
    },

    async update(documentId: string, changes: EnquiryUpdate) {
      const current = await documents().findOne({ documentId });
      if (!current) throw new errors.NotFoundError('Enquiry not found');
      const doc = await documents().update({ documentId, data: changes as any, populate: POPULATE as any });
      return toEnquiry(doc);
    },
  };
};
