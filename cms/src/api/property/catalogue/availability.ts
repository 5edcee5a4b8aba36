import type { Core } from '@strapi/strapi';
import {
  DAY_MS,
  isStaffRole,
  AVAILABILITY_DEFAULTS,
  availabilityStatus,
  type AvailabilityRule,
  type AvailabilityStatus,
} from '@fie/domain';
import { asIsoDate } from '../../../shared/raw-rows';
import { requestState } from '../../../shared/request-state';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';

const PROPERTY_UID = 'api::property.property';

/**
 * This process's copy of the fresh-listing rule and its clock, read by every property answer
 * (toPublicProperty is synchronous and runs for every listed row). The freshness sweep reloads the
 * rule every minute in every process, and a settings change reloads it at once in the process that
 * made it; a process that finds it changed forgets the answers it kept (listing-cache.ts).
 */
const state: { rule: AvailabilityRule; now: () => Date } = {
  rule: { ...AVAILABILITY_DEFAULTS },
  now: () => new Date(),
};

export const availabilityRule = (): AvailabilityRule => state.rule;

/** Sets this process's rule; answers whether it changed. */
export function setAvailabilityRule(rule: AvailabilityRule): boolean {
  const changed =
    rule.staleAfterDays !== state.rule.staleAfterDays || rule.hideAfterDays !== state.rule.hideAfterDays;
  state.rule = { ...rule };
  return changed;
}

/** What a property answer says of its freshness. */
export interface AvailabilityAnswer {
  /** When staff last confirmed it is still available (ISO), or null. */
  availabilityConfirmedAt: string | null;
  /** unconfirmed: past staleAfterDays without a confirmation, or three or more open "already let" reports. */
  availabilityStatus: AvailabilityStatus;
  /** false: approved, but out of the public listing, searches, alerts and sitemap until staff confirm it. */
  listed: boolean;
}

export function availabilityAnswer(doc: {
  availabilityConfirmedAt?: unknown;
  availabilityHidden?: unknown;
  openLetReports?: unknown;
  approvalStatus?: unknown;
}): AvailabilityAnswer {
  const confirmedAt = asIsoDate(doc.availabilityConfirmedAt);
  return {
    availabilityConfirmedAt: confirmedAt,
    availabilityStatus: availabilityStatus({
      confirmedAt,
      openLetReports: Number(doc.openLetReports ?? 0),
      rule: state.rule,
      now: state.now(),
    }),
    listed: doc.approvalStatus === 'approved' && !doc.availabilityHidden,
  };
}

/** Fields only the server writes: confirmations, the sweep's flag and the reports' count. */
const SERVER_ONLY = ['availabilityConfirmedAt', 'availabilityHidden', 'openLetReports'] as const;

/** Whether the current request is a staff member's: an app account with a staff role, or the admin panel. */
function staffRequest(strapi: Core.Strapi): boolean {
  const ctx = strapi.requestContext.get() as
    | { state?: { auth?: { strategy?: { name?: string } } } }
    | undefined;
  return isStaffRole(requestState(ctx).role) || ctx?.state?.auth?.strategy?.name === 'admin';
}

/**
 * Every write of a property passes here (API, admin panel, approvals, seeder). A create counts as a
 * confirmation; so does a staff member's edit that leaves the listing available (they have just looked
 * at it), which also brings a hidden listing back and starts the "already let" count again. Nobody
 * in a request may write these fields themselves (the API's schemas drop them already; the panel
 * would not): only server code outside a request (the seeder, the sweep) sets other values.
 */
export function registerAvailability(strapi: Core.Strapi): void {
  state.now = () => platformService(strapi, 'clock').now();
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid !== PROPERTY_UID || (action !== 'create' && action !== 'update')) return next();
    const params = context.params as { data?: Record<string, unknown>; documentId?: string };
    const data = params.data;
    if (!data) return next();
    const inRequest = strapi.requestContext.get() !== undefined;
    if (inRequest) for (const key of SERVER_ONLY) delete data[key];
    if (action === 'create') {
      data.availabilityConfirmedAt ??= state.now();
      data.availabilityHidden ??= false;
      data.openLetReports ??= 0;
      return next();
    }
    if (!staffRequest(strapi)) return next();
    let available = data.available;
    if (available === undefined && params.documentId) {
      const current = (await strapi.db
        .query(PROPERTY_UID)
        .findOne({ where: { documentId: params.documentId }, select: ['available'] })) as {
        available?: boolean | null;
      } | null;
      available = current?.available;
    }
    if (available !== false)
      Object.assign(data, {
        availabilityConfirmedAt: state.now(),
        availabilityHidden: false,
        openLetReports: 0,
      });
    return next();
  });
}

/**
 * Rows from before freshness existed have no confirmation. They are not hidden at deploy (a whole
 * catalogue leaving the site at once would be wrong, and nobody checked them either way): each counts
 * as confirmed when it was last edited, but no earlier than half a stale period ago, so nothing reads
 * as unconfirmed at deploy and staff get the listings in "Needs confirming" over the following weeks,
 * the long-untouched ones first.
 */
export async function backfillConfirmations(strapi: Core.Strapi, rule: AvailabilityRule): Promise<number> {
  const knex = strapi.db.connection;
  const floor = new Date(state.now().getTime() - Math.floor(rule.staleAfterDays / 2) * DAY_MS);
  // Each update only when a row needs it: on PostgreSQL an update that changes nothing still raises
  // the catalogue version (its trigger runs per statement), and every start would empty every cache.
  const fill = async (
    rows: () => ReturnType<typeof knex>,
    values: Record<string, unknown>,
  ): Promise<number> => ((await rows().first('id')) ? Number(await rows().update(values)) : 0);
  // Two updates at most whatever the catalogue's size: recent edits keep their date, the rest take the floor.
  const recent = await fill(
    () => knex('properties').whereNull('availability_confirmed_at').where('updated_at', '>', floor),
    { availability_confirmed_at: knex.ref('updated_at') },
  );
  const older = await fill(() => knex('properties').whereNull('availability_confirmed_at'), {
    availability_confirmed_at: floor,
  });
  // New rows get both from the create hook; these fill rows written before the columns existed.
  await fill(() => knex('properties').whereNull('availability_hidden'), { availability_hidden: false });
  await fill(() => knex('properties').whereNull('open_let_reports'), { open_let_reports: 0 });
  return recent + older;
}
