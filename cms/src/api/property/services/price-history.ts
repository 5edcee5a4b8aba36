import type { Core } from '@strapi/strapi';
import {
  DAY_MS,
  formatPrice,
  PRICE_HISTORY_MAX,
  priceForApi,
  priceReduction,
  REDUCED_WINDOW_DAYS,
  type Currency,
  type PriceChange,
  type PriceHistoryEntry,
  type PriceReduction,
} from '@fie/domain';
import { requestState } from '../../../shared/request-state';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import { getService as approvalsService } from '../../../plugins/approvals/server/src/get-service';
import { listingCache } from '../catalogue/listing-cache';

const PROPERTY_UID = 'api::property.property';
const PRICE_CHANGE_UID = 'api::property.price-change';
export const PRICE_CHANGES = 'price_changes';

/** A property's price as its row holds it (PostgreSQL answers decimals as strings). */
export interface RowPrice {
  id: number;
  priceAmount: number | string | null;
  currency: Currency | null;
  priceGhs: number | string | null;
  location?: string | null;
  reducedAt?: Date | string | null;
  reducedByGhs?: number | string | null;
}

interface ChangeRow {
  id: number;
  amount: number | string;
  currency: Currency;
  priceGhs: number | string;
  oldPriceGhs: number | string | null;
  changedAt: Date | string;
}

/** Who made the change: a staff account through the API, or a panel user (whose requests carry no role of ours). */
interface ChangedBy {
  id: string | null;
  email: string;
  role: string;
}

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const time = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : null);

/**
 * The price history of properties and the "reduced" columns kept from it. Every change of price or
 * currency is recorded by the property's document middleware (catalogue/price-history.ts), so it
 * holds whatever wrote it; the rule itself is @fie/domain's priceReduction.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const now = () => platformService(strapi, 'clock').now();
  const changes = () => strapi.db.query(PRICE_CHANGE_UID);
  const properties = () => strapi.db.query(PROPERTY_UID);

  function changedBy(): ChangedBy | null {
    const actor = approvalsService(strapi, 'audit').currentActor();
    if (actor) return actor;
    const ctx = strapi.requestContext.get() as
      | { state?: { auth?: { strategy?: { name?: string } } } }
      | undefined;
    const user = requestState(ctx).user;
    if (ctx?.state?.auth?.strategy?.name === 'admin' && typeof user?.email === 'string')
      return { id: user.id === undefined ? null : String(user.id), email: user.email, role: 'panel' };
    return null;
  }

  /** The changes the reduction at `t` depends on: those in its window and the last one before it. */
  async function changesFor(documentId: string, t: Date): Promise<PriceChange[]> {
    const windowStart = new Date(t.getTime() - REDUCED_WINDOW_DAYS * DAY_MS);
    const select = ['id', 'oldPriceGhs', 'priceGhs', 'changedAt'];
    // One after the other: inside a write's transaction both run on its one connection.
    const opening = (await changes().findOne({
      where: { propertyDocumentId: documentId, changedAt: { $lte: windowStart } },
      select,
      orderBy: [{ changedAt: 'desc' }, { id: 'desc' }],
    })) as ChangeRow | null;
    const inWindow = (await changes().findMany({
      where: { propertyDocumentId: documentId, changedAt: { $gt: windowStart } },
      select,
      orderBy: [{ changedAt: 'asc' }, { id: 'asc' }],
    })) as ChangeRow[];
    return [...(opening ? [opening] : []), ...inWindow].map((c) => ({
      oldPriceGhs: num(c.oldPriceGhs),
      priceGhs: Number(c.priceGhs),
      changedAt: c.changedAt,
    }));
  }

  /**
   * Sets the row's reduced_at and reduced_by_ghs to what the history says at `t` (both null without a
   * reduction). Written through the query layer, not the document service: it is not an edit, so it
   * sends nothing back for approval and is not audited. Answers whether the row changed.
   */
  async function keepReduction(documentId: string, t: Date): Promise<boolean> {
    const row = (await properties().findOne({
      where: { documentId },
      select: ['id', 'reducedAt', 'reducedByGhs'],
    })) as RowPrice | null;
    if (!row) return false;
    const reduction = priceReduction(await changesFor(documentId, t), t);
    const reducedAt = reduction?.reducedAt ?? null;
    const reducedByGhs = reduction?.reducedBy ?? null;
    if (time(row.reducedAt) === time(reducedAt) && num(row.reducedByGhs) === reducedByGhs) return false;
    await properties().update({ where: { id: row.id }, data: { reducedAt, reducedByGhs } });
    return true;
  }

  return {
    /** The row's price (and label), or null when there is no such property. */
    async priceOf(documentId: string): Promise<RowPrice | null> {
      return (await properties().findOne({
        where: { documentId },
        select: ['id', 'priceAmount', 'currency', 'priceGhs', 'location'],
      })) as RowPrice | null;
    },

    /**
     * A property was written (in the write's transaction): a new property's first price, or a change
     * from `before`, is recorded with who made it, a staff member's change is audited, and the row's
     * reduction is brought up to date. A write that leaves amount and currency alone records nothing.
     */
    async noteWrite(documentId: string, before: RowPrice | null): Promise<void> {
      const after = await this.priceOf(documentId);
      if (!after || after.currency === null || after.priceAmount === null) return;
      const amount = Number(after.priceAmount);
      if (before && Number(before.priceAmount) === amount && before.currency === after.currency) return;
      const t = now();
      const who = changedBy();
      await strapi.documents(PRICE_CHANGE_UID).create({
        data: {
          propertyDocumentId: documentId,
          oldAmount: num(before?.priceAmount),
          oldCurrency: before?.currency ?? null,
          oldPriceGhs: num(before?.priceGhs),
          amount,
          currency: after.currency,
          priceGhs: Number(after.priceGhs ?? 0),
          changedAt: t,
          changedById: who?.id ?? null,
          changedByEmail: who?.email ?? null,
          changedByRole: who?.role ?? null,
        } as never,
      });
      if (before && who) {
        const was = formatPrice(Number(before.priceAmount), before.currency ?? 'USD');
        await approvalsService(strapi, 'audit').record({
          actor: who,
          action: 'price-changed',
          resource: 'property',
          resourceId: documentId,
          label: after.location ?? null,
          detail: `${was} → ${formatPrice(amount, after.currency)}`,
        });
      }
      await keepReduction(documentId, t);
    },

    /** A property was deleted: its history goes with it. */
    async forget(documentId: string): Promise<void> {
      await changes().deleteMany({ where: { propertyDocumentId: documentId } });
    },

    /**
     * The GH₵ value of the property's price as its history last recorded it (null without a history):
     * the figure price drops on favourites compare, so they say what the history says, and a new USD
     * rate alone never reads as a drop there either.
     */
    async currentGhs(documentId: string): Promise<number | null> {
      const newest = (await changes().findOne({
        where: { propertyDocumentId: documentId },
        select: ['id', 'priceGhs'],
        orderBy: [{ changedAt: 'desc' }, { id: 'desc' }],
      })) as Pick<ChangeRow, 'id' | 'priceGhs'> | null;
      return newest ? Number(newest.priceGhs) : null;
    },

    /** The newest prices first (at most PRICE_HISTORY_MAX), as GET /api/products/:id carries them. */
    async historyOf(documentId: string): Promise<PriceHistoryEntry[]> {
      const rows = (await changes().findMany({
        where: { propertyDocumentId: documentId },
        select: ['id', 'amount', 'currency', 'priceGhs', 'changedAt'],
        orderBy: [{ changedAt: 'desc' }, { id: 'desc' }],
        limit: PRICE_HISTORY_MAX,
      })) as ChangeRow[];
      return rows.map((r) => ({
        // The same text as the property's own `price` (symbol and bare number).
        price: priceForApi(Number(r.amount), r.currency),
        currency: r.currency,
        priceGhs: Number(r.priceGhs),
        changedAt: new Date(r.changedAt).toISOString(),
      }));
    },

    /** The property's reduction now, from its history (null when there is none). */
    async reductionOf(documentId: string, t: Date = now()): Promise<PriceReduction | null> {
      return priceReduction(await changesFor(documentId, t), t);
    },

    /**
     * The scheduled task: every row marked reduced is checked against the clock, and cleared (or its
     * amount lowered) once the dearer price leaves the window. Each row is locked while it is redone
     * (PostgreSQL), so a price change written meanwhile is never overwritten with an older answer, and
     * several cms processes may run it at once: each writes what the history says. Answers how many
     * rows changed.
     */
    async sweep(t: Date = now()): Promise<number> {
      const marked = (await properties().findMany({
        where: { reducedAt: { $notNull: true } },
        select: ['id', 'documentId', 'reducedAt'],
      })) as { id: number; documentId: string; reducedAt: Date | string }[];
      if (marked.length === 0) return 0;
      // A reduction changes with the clock only when one of its changes leaves the window, and only
      // changes newer than (reduced_at - window) were inside it when the row was last worked out: the
      // rows with such a change are picked in one read, and only they are redone.
      const windowMs = REDUCED_WINDOW_DAYS * DAY_MS;
      const earliest = Math.min(...marked.map((row) => time(row.reducedAt)!)) - windowMs;
      const left = (await changes().findMany({
        where: {
          propertyDocumentId: { $in: marked.map((row) => row.documentId) },
          changedAt: { $lte: new Date(t.getTime() - windowMs), $gt: new Date(earliest) },
        },
        select: ['id', 'propertyDocumentId', 'changedAt'],
      })) as { propertyDocumentId: string; changedAt: Date | string }[];
      const due = marked.filter((row) =>
        left.some(
          (c) =>
            c.propertyDocumentId === row.documentId && time(c.changedAt)! > time(row.reducedAt)! - windowMs,
        ),
      );
      let changed = 0;
      for (const row of due) {
        const redone = await strapi.db.transaction(async ({ trx }) => {
          if (strapi.db.dialect.client === 'postgres')
            await trx('properties').where({ id: row.id }).forUpdate().first('id');
          return keepReduction(row.documentId, t);
        });
        if (redone) changed++;
      }
      // Other processes learn of the write from the catalogue version (PostgreSQL notifies them).
      if (changed > 0) listingCache.clear();
      return changed;
    },
  };
};
