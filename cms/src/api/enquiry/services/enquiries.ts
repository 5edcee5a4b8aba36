import type { Core, Data, Modules } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { MESSAGES, propertyLabel, type EnquiryCreate, type EnquiryUpdate } from '@fie/domain';
import type { Account, User } from '../../../shared/account';
import { documentData } from '../../../shared/document-data';
import { phoneSearchTerm } from '../phone-text';
import { containsPattern, staffListsVersion, staffPageRows, Where } from '../../../shared/staff-page';
import { asIsoDate } from '../../../shared/raw-rows';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import {
  getService as propertyService,
  type PropertyForAnswer,
  type PublicProperty,
} from '../../property/get-service';

const UID = 'api::enquiry.enquiry';
/** An enquiry's owner, and its property as every property answer has it (its poster included). */
const enquiryPopulate = (strapi: Core.Strapi) =>
  ({
    owner: { fields: ['documentId', 'email'] },
    property: { populate: propertyService(strapi, 'catalogue').answerPopulate },
  }) satisfies Modules.Documents.Params.Populate.ObjectNotation<typeof UID>;

/** An enquiry with its owner and property populated (enquiryPopulate). */
export type EnquiryDoc = Omit<Data.ContentType<typeof UID>, 'owner' | 'property'> & {
  owner?: Pick<User, 'documentId' | 'email'> | null;
  property?: PropertyForAnswer | null;
};

/** A row of the staff list's statement (listAll): the enquiry's columns, its owner and property id. */
interface StaffRow {
  id: number | string;
  document_id: string;
  name: string;
  phone_number: unknown;
  email: string | null;
  whats_app_number: string | null;
  location: string | null;
  property_type: EnquiryDoc['propertyType'];
  budget: string | null;
  furnish_status: EnquiryDoc['furnishStatus'];
  priority: EnquiryDoc['priority'];
  status: EnquiryDoc['status'];
  comments: string | null;
  message: string | null;
  source: EnquiryDoc['source'];
  property_label: string | null;
  enquiry_date: unknown;
  created_at: unknown;
  updated_at: unknown;
  owner_document_id: string | null;
  owner_email: string | null;
  linked_property_id: number | string | null;
  catalogue_version?: number | string | null;
}

/** An enquiry as the API answers it. `comments` shows staff notes, else the client's message. */
export function toEnquiry(doc: EnquiryDoc, presentProperty: (p: PropertyForAnswer) => PublicProperty) {
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
    interestedProperty: doc.property ? presentProperty(doc.property) : null,
    propertyLabel: doc.propertyLabel ?? null,
    user: doc.owner ? { _id: doc.owner.documentId, email: doc.owner.email } : null,
    enquiryDate: doc.enquiryDate ?? null,
    createdAt: doc.createdAt ?? null,
    updatedAt: doc.updatedAt ?? null,
  };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(UID);
  const now = () => platformService(strapi, 'clock').now();
  const catalogue = () => propertyService(strapi, 'catalogue');
  const present = (doc: EnquiryDoc) => toEnquiry(doc, catalogue().present);

  /**
   * The staff list's rows (listAll's statement: the enquiries with their owner and property id) as
   * toEnquiry answers them, with one more query for the properties' public answers (the listing's
   * SQL), instead of the document service's populate of owner, property, images and city per page.
   */
  async function staffItems(rows: StaffRow[]) {
    const propertyIds = rows
      .map((r) => r.linked_property_id)
      .filter((id): id is number | string => id !== null && id !== undefined)
      .map(Number);
    // The properties' answers kept under the catalogue version the page's statement read are reused.
    const answers = await propertyService(strapi, 'listing-sql').answersByIds(
      propertyIds,
      rows[0]?.catalogue_version,
    );
    return rows.map((r) => {
      const property =
        r.linked_property_id === null || r.linked_property_id === undefined
          ? undefined
          : answers.get(Number(r.linked_property_id));
      const phones =
        typeof r.phone_number === 'string' ? (JSON.parse(r.phone_number) as unknown) : r.phone_number;
      return {
        _id: r.document_id,
        name: r.name,
        phoneNumber: Array.isArray(phones) ? (phones as string[]) : [],
        email: r.email ?? null,
        whatsAppNumber: r.whats_app_number ?? null,
        location: r.location ?? null,
        propertyType: r.property_type ?? null,
        budget: r.budget ?? null,
        furnishStatus: r.furnish_status ?? 'Not specified',
        priority: r.priority,
        status: r.status,
        comments: r.comments ?? r.message ?? null,
        message: r.message ?? null,
        source: r.source ?? null,
        interestedProperty: property ? (JSON.parse(property) as PublicProperty) : null,
        propertyLabel: r.property_label ?? null,
        user: r.owner_document_id ? { _id: r.owner_document_id, email: r.owner_email } : null,
        enquiryDate: asIsoDate(r.enquiry_date),
        createdAt: asIsoDate(r.created_at),
        updatedAt: asIsoDate(r.updated_at),
      };
    });
  }

  return {
    /** A seeker's enquiry is theirs; staff record one on a client's behalf. */
    async create(input: EnquiryCreate, account: Account, source?: string) {
      let property: Pick<
        PropertyForAnswer,
        'documentId' | 'propertyType' | 'location' | 'approvalStatus'
      > | null = null;
      if (input.product) {
        property = await strapi.documents('api::property.property').findOne({
          documentId: input.product,
          fields: ['documentId', 'propertyType', 'location', 'approvalStatus'],
        });
        const staff = account.role !== 'user';
        if (!property || (!staff && property.approvalStatus !== 'approved'))
          throw new errors.NotFoundError(MESSAGES.propertyNotFound);
      }
      const seeker = account.role === 'user';
      const origin = seeker
        ? property
          ? 'property'
          : source === 'contact'
            ? 'contact'
            : 'dashboard'
        : 'staff';
      const { product: _product, ...fields } = input;
      const doc = await documents().create({
        data: documentData(UID, {
          ...fields,
          owner: seeker ? account.user.documentId : null,
          property: property?.documentId ?? null,
          propertyLabel: property ? propertyLabel(property) : null,
          status: 'Pending',
          priority: 'Moderate',
          enquiryDate: now().toISOString(),
          source: origin,
        }),
        populate: enquiryPopulate(strapi),
      });
      return present(doc);
    },

    async listOwn(userId: number) {
      const docs = await documents().findMany({
        filters: { owner: { id: userId } },
        sort: [{ enquiryDate: 'desc' }],
        populate: enquiryPopulate(strapi),
        limit: 500,
      });
      // The property as last approved, never an edit waiting for review (or null if never approved).
      const versions = propertyService(strapi, 'approved-versions');
      const properties = await versions.present(docs.map((d) => d.property));
      return docs.map((doc, i) => ({
        ...present(doc),
        interestedProperty: properties[i]!,
        propertyLabel: versions.labelOf(properties[i]!, doc.propertyLabel),
      }));
    },

    async listAll(query: {
      page: number;
      pageSize: number;
      status?: string;
      priority?: string;
      search?: string;
    }) {
      // The page and the count in plain SQL (shared/staff-page.ts); each searched column has a
      // trigram index on PostgreSQL, also one within status and priority (see ../index.ts), so the OR
      // is answered from the indexes.
      const where = new Where();
      if (query.status) where.add('e.status = ?', query.status);
      if (query.priority) where.add('e.priority = ?', query.priority);
      if (query.search) {
        const phone = phoneSearchTerm(query.search);
        const pattern = containsPattern(query.search);
        const columns = ['e.email', 'e.name', 'e.location', 'e.phone_text'];
        const patterns = [...columns.map(() => pattern), ...(phone ? [containsPattern(phone)] : [])];
        where.add(
          `(${[...columns, ...(phone ? ['e.phone_text'] : [])].map((c) => `lower(${c}) like ? escape '\\'`).join(' or ')})`,
          ...patterns,
        );
      }
      // The page's enquiries with their owner and property id come with the count, in one statement;
      // the owner is joined for the page's rows only.
      const { rows, total } = await staffPageRows<StaffRow>(strapi, {
        from: 'enquiries e',
        id: 'e.id',
        where,
        orderBy: 'e.enquiry_date desc, e.id desc',
        select: `e.*, u.document_id as owner_document_id, u.email as owner_email,
          (select pl.property_id from enquiries_property_lnk pl where pl.enquiry_id = e.id limit 1) as linked_property_id${catalogue().versionColumn()}`,
        rowsFrom:
          'enquiries e left join enquiries_owner_lnk ol on ol.enquiry_id = e.id left join up_users u on u.id = ol.user_id',
        keptUnder: staffListsVersion,
        page: query.page,
        pageSize: query.pageSize,
      });
      return { items: await staffItems(rows), total };
    },

    async update(documentId: string, changes: EnquiryUpdate) {
      const current = await documents().findOne({ documentId });
      if (!current) throw new errors.NotFoundError('Enquiry not found');
      // Update answers null only for a missing document, and this one was just read.
      const doc = (await documents().update({
        documentId,
        data: changes,
        populate: enquiryPopulate(strapi),
      }))!;
      return present(doc);
    },
  };
};
