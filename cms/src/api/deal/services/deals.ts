import type { Core, Data, Modules } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES, type DealInput, type DealUpdate } from '@fie/domain';
import type { Account, User } from '../../../shared/account';
import { documentData } from '../../../shared/document-data';
import { inIdOrder, staffPageIds, Where } from '../../../shared/staff-page';

const UID = 'api::deal.deal';
const POPULATE = {
  loggedBy: { fields: ['documentId', 'email'] },
  property: { fields: ['documentId', 'propertyType', 'location'] },
} satisfies Modules.Documents.Params.Populate.ObjectNotation<typeof UID>;

/** A deal with who logged it and its property populated (POPULATE). */
export type DealDoc = Omit<Data.ContentType<typeof UID>, 'loggedBy' | 'property'> & {
  loggedBy?: Pick<User, 'documentId' | 'email'> | null;
  property?: Pick<Data.ContentType<'api::property.property'>, 'documentId' | 'propertyType' | 'location'> | null;
};

export function toDeal(doc: DealDoc) {
  return {
    _id: doc.documentId,
    closerName: doc.closerName,
    dealDate: doc.dealDate,
    commission: doc.commission,
    nameOfAgentInvolved: doc.nameOfAgentInvolved,
    commissionToAgent: doc.commissionToAgent,
    agentContact: doc.agentContact,
    tenantName: doc.tenantName,
    tenantContact: doc.tenantContact,
    tenancyStartDate: doc.tenancyStartDate,
    tenancyEndDate: doc.tenancyEndDate,
    comments: doc.comments ?? null,
    product: doc.property ? { _id: doc.property.documentId, propertyType: doc.property.propertyType, location: doc.property.location } : null,
    propertyLabel: doc.propertyLabel ?? null,
    loggedBy: doc.loggedBy ? { _id: doc.loggedBy.documentId, email: doc.loggedBy.email } : null,
    approvalStatus: doc.approvalStatus,
    createdAt: doc.createdAt ?? null,
    updatedAt: doc.updatedAt ?? null,
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(UID);

  async function propertyFields(documentId: string | null | undefined) {
    if (documentId === undefined) return {};
    if (documentId === null) return { property: null, propertyLabel: null };
    const p = await strapi.documents('api::property.property').findOne({ documentId, fields: ['documentId', 'propertyType', 'location'] });
    if (!p) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
    return { property: p.documentId, propertyLabel: `${p.propertyType} in ${p.location}` };
  }

  async function load(documentId: string) {
    const doc = await documents().findOne({ documentId, populate: POPULATE });
    if (!doc) throw new errors.NotFoundError(MESSAGES.dealNotFound);
    return doc;
  }

  return {
    /** The queue of unapproved deals is the approvals plugin's (GET /api/deals/unapproved). */
    approvalView: { populate: POPULATE, present: toDeal },

    /** One page of deals, newest deal date first; `search` over tenant and closer (back-office §7). */
    async list(search: string | undefined, page: number, pageSize: number) {
      // The page's ids and the count in plain SQL (shared/staff-page.ts), trigram-indexed search.
      const where = new Where();
      if (search) where.contains(['d.tenant_name', 'd.closer_name'], search);
      const { ids, total } = await staffPageIds(strapi, { from: 'deals d', id: 'd.id', where, orderBy: 'd.deal_date desc, d.id desc', page, pageSize });
      const docs = ids.length ? await documents().findMany({ filters: { id: { $in: ids } }, populate: POPULATE, limit: ids.length }) : [];
      return { items: inIdOrder(ids, docs).map(toDeal), total };
    },

    /**
     * The approval state is not set here: the approvals plugin's document middleware gives every
     * write its state from the writer's role (config/plugins.ts → approvals, 'api::deal.deal').
     */
    async create(input: DealInput, account: Account) {
      const { product, ...fields } = input;
      const doc = await documents().create({
        data: documentData(UID, { ...fields, ...(await propertyFields(product)), loggedBy: account.user.documentId }),
        populate: POPULATE,
      });
      return toDeal(doc);
    },

    async update(documentId: string, input: DealUpdate) {
      const current = await load(documentId);
      const { product, ...fields } = input;
      // Dates are yyyy-MM-dd text (the request's, or the column's as Strapi answers it).
      const start = (fields.tenancyStartDate ?? current.tenancyStartDate) as string;
      const end = (fields.tenancyEndDate ?? current.tenancyEndDate) as string;
      if (end < start) throw new errors.ValidationError(MESSAGES.tenancyEndBeforeStart);
      const data = documentData(UID, { ...fields, ...(await propertyFields(product)) });
      // Update answers null only for a missing document, and load() just found this one.
      const doc = (await documents().update({ documentId, data, populate: POPULATE }))!;
      return toDeal(doc);
    },

    async remove(documentId: string) {
      await load(documentId);
      await documents().delete({ documentId });
    },
  };
};
