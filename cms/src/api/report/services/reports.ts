import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  LET_REPORTS_UNCONFIRMED,
  MESSAGES,
  propertyLabel,
  REPORT_TEXT,
  type Report,
  type ReportCreateInput,
  type ReportStatus,
  type ReportUpdateInput,
} from '@fie/domain';
import { approvedProperty, newDocumentId } from '../../../shared/document-id';
import { asIsoDate } from '../../../shared/raw-rows';
import { siteUrl } from '../../../shared/site-url';
import { TooManyRequestsError } from '../../../shared/too-many-requests-error';
import type { Account } from '../../../shared/account';
import { getService as accountsService } from '../../../plugins/accounts/server/src/get-service';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import { reporterHasher } from '../reporter-hash';

const UID = 'api::report.report';
const TABLE = 'listing_reports';

/**
 * Signed-out reports are allowed, so each is limited: per network address over every listing, per
 * address on one listing (one address cannot alone push a listing to "May no longer be available"
 * in a day), and per listing from everyone (a flood on one listing waits for staff).
 */
export const REPORT_LIMITS = {
  perAddress: { max: 10, windowSeconds: 3600 },
  perAddressAndListing: { max: 2, windowSeconds: 24 * 3600 },
  perListing: { max: 30, windowSeconds: 3600 },
} as const;

/**
 * "Asked me to pay to view" e-mails the superadmins once per listing in this window: anyone may send
 * reports, and each would otherwise reach every superadmin's inbox. The later ones wait in the
 * back office's list.
 */
export const ASKED_TO_PAY_MAIL_WINDOW_SECONDS = 6 * 3600;

interface ReportRow {
  document_id: string;
  property_document_id: string;
  property_label: string | null;
  reason: Report['reason'];
  details: string | null;
  status: ReportStatus;
  note: string | null;
  reporter_email: string | null;
  acted_by_email: string | null;
  acted_at: unknown;
  reported_at: unknown;
  property_type: string | null;
  location: string | null;
  approval_status: string | null;
}

const COLUMNS = [
  'r.document_id',
  'r.property_document_id',
  'r.property_label',
  'r.reason',
  'r.details',
  'r.status',
  'r.note',
  'r.reporter_email',
  'r.acted_by_email',
  'r.acted_at',
  'r.reported_at',
  'p.property_type',
  'p.location',
  'p.approval_status',
];

const present = (r: ReportRow): Report => ({
  _id: r.document_id,
  reason: r.reason,
  details: r.details,
  status: r.status,
  note: r.note,
  reporterEmail: r.reporter_email,
  createdAt: asIsoDate(r.reported_at) ?? '',
  actedAt: asIsoDate(r.acted_at),
  actedByEmail: r.acted_by_email,
  property: {
    _id: r.property_document_id,
    propertyType: r.property_type,
    location: r.location,
    label: r.property_label,
    listed: r.approval_status === 'approved',
  },
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const limiter = () => platformService(strapi, 'rate-limit');
  let hasher: ((address: string) => string) | undefined;
  const reporterHash = (address: string) =>
    (hasher ??= reporterHasher(strapi.config.get('server.app.keys', []) as string[]))(address);

  /** The report's row with its listing's current type and place (a deleted listing leaves them null). */
  const rows = () =>
    knex()(`${TABLE} as r`)
      .leftJoin('properties as p', 'p.document_id', 'r.property_document_id')
      .select(COLUMNS);

  /** Refuses the report when any of its limits is past (each hit reserves its place first). */
  async function checkLimits(address: string, propertyId: string): Promise<void> {
    const { perAddress, perAddressAndListing, perListing } = REPORT_LIMITS;
    const fromAddress = await limiter().hit(`report:ip:${address}`, perAddress.windowSeconds);
    if (fromAddress.count > perAddress.max)
      throw new TooManyRequestsError(REPORT_TEXT.tooManyFromAddress, fromAddress.retryAfterSeconds);
    const same = await limiter().hit(
      `report:ip:${address}:${propertyId}`,
      perAddressAndListing.windowSeconds,
    );
    if (same.count > perAddressAndListing.max)
      throw new TooManyRequestsError(REPORT_TEXT.tooManyFromAddress, same.retryAfterSeconds);
    const listing = await limiter().hit(`report:listing:${propertyId}`, perListing.windowSeconds);
    if (listing.count > perListing.max)
      throw new TooManyRequestsError(REPORT_TEXT.tooManyForListing, listing.retryAfterSeconds);
  }

  /**
   * Marks the listing "may no longer be available" while LET_REPORTS_UNCONFIRMED or more distinct
   * reporters (network addresses, by their hash) have open "already let" reports made since its last
   * availability confirmation: `open_let_reports` is then LET_REPORTS_UNCONFIRMED, else 0 (a
   * confirmation sets it to 0). Counted again from the reports on every change, so concurrent
   * reports, a confirmation and staff decisions never leave it off by one; a report from before the
   * hash column counts as a reporter of its own.
   */
  async function recountLetReports(propertyId: string, trx: Core.Strapi['db']['connection']): Promise<void> {
    const row = (await trx('properties')
      .where({ document_id: propertyId })
      .first('open_let_reports', 'availability_confirmed_at')) as
      | { open_let_reports: number | string | null; availability_confirmed_at: unknown }
      | undefined;
    if (!row) return;
    const since = row.availability_confirmed_at;
    const counted = trx(TABLE).where({
      property_document_id: propertyId,
      status: 'open',
      reason: 'already-let',
    });
    if (since !== null && since !== undefined) counted.where('reported_at', '>', since as Date);
    const { n } = (await counted.first(
      trx.raw('count(distinct coalesce(reporter_hash, document_id)) as n'),
    )) as { n: number | string };
    const marked = Number(n) >= LET_REPORTS_UNCONFIRMED;
    // Written only when the mark changes: every write to properties raises the catalogue version and
    // so empties every process's kept listings, which anyone sending reports must not be able to do
    // at will. Below the mark the count itself is read from the reports, never from this column.
    if (marked !== Number(row.open_let_reports ?? 0) >= LET_REPORTS_UNCONFIRMED)
      await trx('properties')
        .where({ document_id: propertyId })
        .update({ open_let_reports: marked ? LET_REPORTS_UNCONFIRMED : 0 });
  }

  return {
    recountLetReports,

    /**
     * A visitor's report of a listed property (404 for an unknown or unlisted one), limited per
     * network address and per listing, kept with a hash of that address. The first "asked me to
     * pay to view" of a listing in ASKED_TO_PAY_MAIL_WINDOW_SECONDS is e-mailed to the superadmins
     * at once, through the outbox in the same transaction.
     */
    async create(
      propertyId: string,
      input: ReportCreateInput,
      from: { address: string; account: Account | null },
    ): Promise<{ _id: string }> {
      const property = await approvedProperty<{
        property_type: string | null;
        location: string | null;
        document_id: string;
      }>(strapi, propertyId, ['property_type', 'location', 'document_id']);
      if (!property) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
      await checkLimits(from.address, propertyId);
      // Reserved before the transaction (the limiter writes on its own connection) and given back
      // if the report is not kept, so a failed report does not silence the next one.
      const mailKey = `report:asked-to-pay-mail:${propertyId}`;
      const mailStaff =
        input.reason === 'asked-to-pay' &&
        (await limiter().hit(mailKey, ASKED_TO_PAY_MAIL_WINDOW_SECONDS)).count === 1;

      const label = propertyLabel({ propertyType: property.property_type, location: property.location });
      const user = from.account?.user;
      try {
        return await strapi.db.transaction(async ({ trx }) => {
          // Through the database layer, not the document service: a document create tells the site's
          // cache to empty itself, which a visitor's report (that changes no page) must not set off.
          const documentId = newDocumentId();
          await strapi.db.query(UID).create({
            data: {
              documentId,
              publishedAt: new Date(),
              propertyDocumentId: propertyId,
              propertyLabel: label.slice(0, 300),
              reason: input.reason,
              details: input.details ?? null,
              status: 'open',
              reportedAt: platformService(strapi, 'clock').now(),
              reporterId: user ? Number(user.id) : null,
              reporterEmail: user?.email ?? null,
              reporterHash: reporterHash(from.address),
            },
          });
          if (input.reason === 'already-let') await recountLetReports(propertyId, trx);
          if (mailStaff) {
            await accountsService(strapi, 'staff-mail').send(
              'notices',
              {
                subject: `Report: asked to pay to view — ${label}`,
                title: 'A visitor was asked to pay to view',
                lines: [
                  `A visitor reports that someone asked them to pay to view ${label} (${siteUrl()}/property/${propertyId}).`,
                  input.details ? `What they wrote: ${input.details}` : 'They gave no details.',
                  user?.email ? `Reported by ${user.email}.` : 'Reported by a signed-out visitor.',
                  `Review it in the back-office: ${siteUrl()}/admin/reports`,
                  `Further reports of this kind on this listing in the next ${ASKED_TO_PAY_MAIL_WINDOW_SECONDS / 3600} hours are not e-mailed; they are in that list.`,
                ],
              },
              { roles: ['superadmin'] },
            );
          }
          return { _id: documentId };
        });
      } catch (error) {
        if (mailStaff) await limiter().release(mailKey);
        throw error;
      }
    },

    /** One page of reports, newest first, of one status or all. */
    async list({
      status,
      page,
      pageSize,
    }: {
      status: ReportStatus | 'all';
      page: number;
      pageSize: number;
    }): Promise<{ items: Report[]; total: number }> {
      const byStatus = <Q extends ReturnType<typeof rows>>(q: Q): Q =>
        status === 'all' ? q : (q.where('r.status', status) as Q);
      const [found, counted] = await Promise.all([
        byStatus(rows())
          .orderBy([
            { column: 'r.reported_at', order: 'desc' },
            { column: 'r.id', order: 'desc' },
          ])
          .offset((page - 1) * pageSize)
          .limit(pageSize) as unknown as Promise<ReportRow[]>,
        (status === 'all' ? knex()(TABLE) : knex()(TABLE).where({ status })).count({ n: '*' }) as Promise<
          { n: number | string }[]
        >,
      ]);
      return { items: found.map(present), total: Number(counted[0]?.n ?? 0) };
    },

    /**
     * Staff resolve or dismiss a report, with a note: through the document service, so the
     * approvals plugin's audit trail keeps "status changed open → resolved" with who did it.
     */
    async decide(id: string, input: ReportUpdateInput, by: Account): Promise<Report> {
      const existing = (await strapi.db
        .query(UID)
        .findOne({ where: { documentId: id }, select: ['propertyDocumentId'] })) as {
        propertyDocumentId: string;
      } | null;
      if (!existing) throw new errors.NotFoundError(REPORT_TEXT.notFound);
      const now = platformService(strapi, 'clock').now();
      await strapi.db.transaction(async ({ trx }) => {
        await strapi.documents(UID).update({
          documentId: id,
          data: {
            status: input.status,
            ...(input.note !== undefined ? { note: input.note } : {}),
            actedById: Number(by.user.id),
            actedByEmail: by.user.email,
            actedAt: now,
          } as never,
        });
        await recountLetReports(existing.propertyDocumentId, trx);
      });
      const row = (await rows().where('r.document_id', id).first()) as ReportRow;
      return present(row);
    },
  };
};
