import type { Core, Data, Modules } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES, propertyLabel, type DealInput, type DealUpdate } from '@fie/domain';
import type { Account, User } from '../../../shared/account';
import { documentData } from '../../../shared/document-data';
import { staffListsVersion, staffPageRows, Where } from '../../../shared/staff-page';
import { asDay, asIsoDate } from '../../../shared/raw-rows';
import { getService as approvalsService } from '../../../plugins/approvals/server/src/get-service';

const UID = 'api::deal.deal';
const POPULATE = {
  loggedBy: { fields: ['documentId', 'email'] },
  property: { fields: ['documentId', 'propertyType', 'location'] },
} satisfies Modules.Documents.Params.Populate.ObjectNotation<typeof UID>;

/** A deal with who logged it and its property populated (POPULATE). */
export type DealDoc = Omit<Data.ContentType<typeof UID>, 'loggedBy' | 'property'> & {
  loggedBy?: Pick<User, 'documentId' | 'email'> | null;
  property?: Pick<
    Data.ContentType<'api::property.property'>,
    'documentId' | 'propertyType' | 'location'
  > | null;
};

/** A row of the staff list's and the queue's page (pageRows). */
interface ListRow {
  id: number | string;
  document_id: string;
  closer_name: string;
  deal_date: string | null;
  commission: string;
  name_of_agent_involved: string | null;
  commission_to_agent: string | null;
  agent_contact: string | null;
  tenant_name: string;
  tenant_contact: string;
  tenancy_start_date: string | null;
  tenancy_end_date: string | null;
  comments: string | null;
  approval_status: string;
  property_label: string | null;
  created_at: unknown;
  updated_at: unknown;
  logged_by_document_id: string | null;
  logged_by_email: string | null;
  property_document_id: string | null;
  property_type: string | null;
  location: string | null;
}

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
    product: doc.property
      ? {
          _id: doc.property.documentId,
          propertyType: doc.property.propertyType,
          location: doc.property.location,
        }
      : null,
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
    const p = await strapi
      .documents('api::property.property')
      .findOne({ documentId, fields: ['documentId', 'propertyType', 'location'] });
    if (!p) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
    return { property: p.documentId, propertyLabel: propertyLabel(p) };
  }

  /**
   * The page's deals with who logged them and their property, read in the statement that finds the
   * page (staffPageRows' `rowsFrom`: joined for the page's rows only), answered as toDeal answers.
   * The document service's populate took a query per relation, and a separate read of the page's
   * rows one more round trip. The pending-deals queue reads its pages the same way (approvalView).
   */
  const pageRows = {
    alias: 'd',
    keptUnder: staffListsVersion,
    select: `d.id, d.document_id, d.closer_name, cast(d.deal_date as text) as deal_date, d.commission, d.name_of_agent_involved,
      d.commission_to_agent, d.agent_contact, d.tenant_name, d.tenant_contact, cast(d.tenancy_start_date as text) as tenancy_start_date,
      cast(d.tenancy_end_date as text) as tenancy_end_date, d.comments, d.approval_status, d.property_label, d.created_at, d.updated_at,
      u.document_id as logged_by_document_id, u.email as logged_by_email,
      pr.document_id as property_document_id, pr.property_type as property_type, pr.location as location`,
    rowsFrom: `deals d
      left join deals_logged_by_lnk ul on ul.deal_id = d.id
      left join up_users u on u.id = ul.user_id
      left join deals_property_lnk pl on pl.deal_id = d.id
      left join properties pr on pr.id = pl.property_id`,
    present: (row: Record<string, unknown>) => {
      const r = row as unknown as ListRow;
      return toDeal({
        documentId: r.document_id,
        closerName: r.closer_name,
        dealDate: asDay(r.deal_date),
        commission: r.commission,
        nameOfAgentInvolved: r.name_of_agent_involved,
        commissionToAgent: r.commission_to_agent,
        agentContact: r.agent_contact,
        tenantName: r.tenant_name,
        tenantContact: r.tenant_contact,
        tenancyStartDate: asDay(r.tenancy_start_date),
        tenancyEndDate: asDay(r.tenancy_end_date),
        comments: r.comments,
        approvalStatus: r.approval_status,
        propertyLabel: r.property_label,
        createdAt: asIsoDate(r.created_at),
        updatedAt: asIsoDate(r.updated_at),
        loggedBy: r.logged_by_document_id
          ? { documentId: r.logged_by_document_id, email: r.logged_by_email }
          : null,
        property: r.property_document_id
          ? { documentId: r.property_document_id, propertyType: r.property_type, location: r.location }
          : null,
      } as DealDoc);
    },
  };

  async function load(documentId: string) {
    const doc = await documents().findOne({ documentId, populate: POPULATE });
    if (!doc) throw new errors.NotFoundError(MESSAGES.dealNotFound);
    return doc;
  }

  return {
    /** The queue of unapproved deals is the approvals plugin's (GET /api/deals/unapproved). */
    approvalView: { populate: POPULATE, present: toDeal, pageRows },

    /**
     * One page of deals, newest deal date first; `search` over tenant and closer.
     * Each with its "Changes requested" note (`changesRequested`, or null), read in the same statement.
     */
    async list(search: string | undefined, page: number, pageSize: number) {
      // The page, its rows and the count in one statement (shared/staff-page.ts), trigram-indexed search.
      const where = new Where();
      if (search) where.contains(['d.tenant_name', 'd.closer_name'], search);
      const { rows, total } = await staffPageRows<Record<string, unknown>>(strapi, {
        from: 'deals d',
        id: 'd.id',
        where,
        orderBy: 'd.deal_date desc, d.id desc',
        select: `${pageRows.select}, ${approvalsService(strapi, 'notes').noteSql(UID, 'd.document_id')} as changes_requested`,
        rowsFrom: pageRows.rowsFrom,
        keptUnder: staffListsVersion,
        page,
        pageSize,
      });
      return {
        items: rows.map((r) => ({
          ...pageRows.present(r),
          changesRequested: (r.changes_requested as string | null | undefined) ?? null,
        })),
        total,
      };
    },

    /**
     * The approval state is not set here: the approvals plugin's document middleware gives every
     * write its state from the writer's role (config/plugins.ts → approvals, 'api::deal.deal').
     */
    async create(input: DealInput, account: Account) {
      const { product, ...fields } = input;
      const doc = await documents().create({
        data: documentData(UID, {
          ...fields,
          ...(await propertyFields(product)),
          loggedBy: account.user.documentId,
        }),
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
  };
};
