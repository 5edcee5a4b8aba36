import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  DAY_MS,
  hiddenBefore,
  LET_REPORTS_UNCONFIRMED,
  MESSAGES,
  priceForApi,
  type AvailabilityRule,
  type Currency,
  type NeedsConfirmingItem,
  type NeedsConfirmingPage,
  unconfirmedBefore,
} from '@fie/domain';
import { rawRows } from '../../../shared/raw-rows';
import { getService as approvalsService } from '../../../plugins/approvals/server/src/get-service';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import {
  availabilityAnswer,
  availabilityRule,
  backfillConfirmations,
  setAvailabilityRule,
} from '../catalogue/availability';
import { raiseCatalogueVersion } from '../catalogue/catalogue-version';
import { forgetKeptListings, listingCache } from '../catalogue/listing-cache';
import { getService } from '../get-service';

/** The sweep's one row: when it last ran, and under which days (to see a settings change). */
export const SWEEP_TABLE = 'fie_availability_sweep';

type Knex = Core.Strapi['db']['connection'];
interface SweepRow {
  swept_at: number | string | null;
  stale_days: number | null;
  hide_days: number | null;
}

/** Approved listings not yet hidden (a null flag is a row from before the flag). */
const notHidden = (q: ReturnType<Knex>) =>
  q.where((w: ReturnType<Knex>) => w.where('availability_hidden', false).orWhereNull('availability_hidden'));

/**
 * Fresh listings: staff confirming a listing is still available, the list of those that need it, and
 * the sweep that takes listings unconfirmed past the hide setting out of the public listing (and puts
 * them back when the setting grows or the clock says otherwise).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const now = () => platformService(strapi, 'clock').now();
  const systemRule = (): Promise<AvailabilityRule> =>
    (
      strapi.service('api::system-setting.system') as unknown as {
        availabilityRule(): Promise<AvailabilityRule>;
      }
    ).availabilityRule();

  /** Reads the saved rule into this process; a change forgets what this process kept under the old one. */
  async function reloadRule(): Promise<AvailabilityRule> {
    const rule = await systemRule();
    if (setAvailabilityRule(rule)) forgetKeptListings();
    return rule;
  }

  /** The staff list's condition: approved and on offer, and unconfirmed, hidden or reported let. */
  const needsConfirmingWhere = (t: Date) => ({
    sql: `p.approval_status = 'approved' and p.available = ? and (p.availability_confirmed_at is null or p.availability_confirmed_at < ? or p.availability_hidden = ? or p.open_let_reports >= ?)`,
    bindings: [true, unconfirmedBefore(availabilityRule(), t), true, LET_REPORTS_UNCONFIRMED],
  });

  return {
    /** Start-up: the sweep's table, confirmations for rows from before them, then a first sweep. */
    async start(): Promise<void> {
      const k = knex();
      if (!(await k.schema.hasTable(SWEEP_TABLE))) {
        await k.schema.createTable(SWEEP_TABLE, (t) => {
          t.integer('id').primary();
          t.bigInteger('swept_at');
          t.integer('stale_days');
          t.integer('hide_days');
        });
      }
      await k(SWEEP_TABLE).insert({ id: 1, swept_at: null }).onConflict('id').ignore();
      const rule = await reloadRule();
      const filled = await backfillConfirmations(strapi, rule);
      if (filled > 0) strapi.log.info(`[fie] availability: ${filled} listings given a first confirmation`);
      await this.sweep();
    },

    /**
     * The sweep (every minute in every process, and at start). Under the sweep row's lock, so two
     * processes take turns and the second finds the work done: hides approved listings unconfirmed past
     * hideAfterDays, shows again those within it (after a settings change or a clock moved back), and
     * raises the catalogue version when a listing crossed either boundary since the last sweep, so no
     * kept answer says "confirmed" for longer than a minute after it went stale. Answers what it did.
     */
    async sweep(): Promise<{ hidden: number; shown: number; crossed: boolean }> {
      const rule = await reloadRule();
      const t = now();
      const hideBefore = hiddenBefore(rule, t);
      const outcome = await strapi.db.transaction(async ({ trx }) => {
        const read = trx(SWEEP_TABLE).where({ id: 1 }).first('swept_at', 'stale_days', 'hide_days');
        const last = (await (strapi.db.dialect.client === 'postgres' ? read.forUpdate() : read)) as
          | SweepRow
          | undefined;
        const lastAt = last?.swept_at === null || last?.swept_at === undefined ? null : Number(last.swept_at);
        const ruleChanged =
          last?.stale_days !== rule.staleAfterDays || last?.hide_days !== rule.hideAfterDays;
        const movedBack = lastAt !== null && lastAt > t.getTime();

        // Each update only when a row needs it: on PostgreSQL an update that changes nothing still
        // raises the catalogue version (its trigger runs per statement), which would empty every cache.
        const toHide = () =>
          notHidden(trx('properties'))
            .where('approval_status', 'approved')
            .where('availability_confirmed_at', '<', hideBefore);
        let hidden = 0;
        if (await toHide().first('id')) hidden = Number(await toHide().update({ availability_hidden: true }));
        let shown = 0;
        if (lastAt === null || ruleChanged || movedBack) {
          const toShow = () =>
            trx('properties')
              .where('availability_hidden', true)
              .where((w: ReturnType<Knex>) =>
                w
                  .where('availability_confirmed_at', '>=', hideBefore)
                  .orWhereNull('availability_confirmed_at'),
              );
          if (await toShow().first('id'))
            shown = Number(await toShow().update({ availability_hidden: false }));
        }
        // A listing whose confirmation turned stale (or fresh, with the clock moved back) between the
        // two sweeps changed its answer without a write: raise the version for it.
        let crossed = ruleChanged && lastAt !== null;
        if (!crossed && lastAt !== null) {
          const lo = Math.min(lastAt, t.getTime()) - rule.staleAfterDays * DAY_MS;
          const hi = Math.max(lastAt, t.getTime()) - rule.staleAfterDays * DAY_MS;
          crossed = Boolean(
            await trx('properties')
              .where('approval_status', 'approved')
              .where('availability_confirmed_at', '>=', new Date(lo))
              .where('availability_confirmed_at', '<', new Date(hi))
              .first('id'),
          );
        }
        if (crossed) await raiseCatalogueVersion(strapi, trx);
        await trx(SWEEP_TABLE)
          .where({ id: 1 })
          .update({ swept_at: t.getTime(), stale_days: rule.staleAfterDays, hide_days: rule.hideAfterDays });
        return { hidden, shown, crossed };
      });
      // This process's short-lived pages (other processes: the version's notification, or their TTL).
      if (outcome.hidden || outcome.shown || outcome.crossed) listingCache.clear();
      return outcome;
    },

    /** A settings change: this process reads the new days now, and the listings follow at once. */
    async settingsChanged(): Promise<void> {
      await this.sweep();
    },

    /**
     * "Confirm still available" (staff): the listing is confirmed now, back in the listing if it was
     * hidden, and its "already let" count starts again. A plain update of those columns, not a document
     * edit: nothing a superadmin approved changes, so it never goes back to the approval queue, and
     * its updatedAt stays the content's. Audited. Answers the property as staff see it.
     */
    async confirm(documentId: string) {
      const t = now();
      const row = (await knex()('properties').where({ document_id: documentId }).first('id', 'location')) as
        | { id: number; location: string }
        | undefined;
      if (!row) throw new errors.NotFoundError(MESSAGES.propertyNotFound);
      await strapi.db.transaction(async ({ trx }) => {
        await trx('properties')
          .where({ document_id: documentId })
          .update({ availability_confirmed_at: t, availability_hidden: false, open_let_reports: 0 });
        const audit = approvalsService(strapi, 'audit');
        const actor = audit.currentActor();
        if (actor)
          await audit.record({
            actor,
            action: 'availability-confirmed',
            resource: 'property',
            resourceId: documentId,
            label: row.location,
          });
      });
      listingCache.clear();
      return getService(strapi, 'catalogue').findOne(documentId, { includeUnapproved: true });
    },

    /** Approved listings on offer that need a confirmation, oldest confirmation first (staff). */
    async needsConfirming({
      page,
      pageSize,
    }: {
      page: number;
      pageSize: number;
    }): Promise<NeedsConfirmingPage> {
      const where = needsConfirmingWhere(now());
      const [rows, counted] = await Promise.all([
        knex().raw(
          `select p.document_id, p.location, p.property_type, p.lease_type, p.price_amount, p.currency,
                  p.approval_status, p.availability_confirmed_at, p.availability_hidden, p.open_let_reports
             from properties p where ${where.sql}
            order by p.availability_confirmed_at asc, p.id asc limit ? offset ?`,
          [...where.bindings, pageSize, (page - 1) * pageSize],
        ),
        knex().raw(`select count(*) as n from properties p where ${where.sql}`, where.bindings),
      ]);
      const total = Number(rawRows<{ n: number | string }>(counted)[0]?.n ?? 0);
      const items: NeedsConfirmingItem[] = rawRows<Record<string, unknown>>(rows).map((r) => ({
        _id: String(r.document_id),
        location: String(r.location),
        propertyType: String(r.property_type),
        leaseType: String(r.lease_type),
        price: priceForApi(Number(r.price_amount), r.currency as Currency),
        ...availabilityAnswer({
          availabilityConfirmedAt: r.availability_confirmed_at,
          availabilityHidden: Boolean(r.availability_hidden),
          openLetReports: r.open_let_reports,
          approvalStatus: r.approval_status,
        }),
        openLetReports: Number(r.open_let_reports ?? 0),
      }));
      return { items, page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
    },
  };
};
