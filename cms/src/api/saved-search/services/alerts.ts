import type { Core } from '@strapi/strapi';
import {
  afterQuietHours,
  ALERT_LISTINGS_MAX,
  alertWindow,
  describeSavedSearch,
  knownLanguage,
  publicPoint,
  SAVED_SEARCH_WORDS,
  savedSearchListingPath,
  type SavedSearchFrequency,
} from '@fie/domain';
import { rawRows } from '../../../shared/raw-rows';
import { siteUrl } from '../../../shared/site-url';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import { getService as propertyService } from '../../property/get-service';
import { LISTED_ROWS } from '../../property/catalogue/listing-indexes';
import { getService } from '../get-service';
import { alertMail, alertSms, priceDropMail, type CardProperty } from '../alert-mail';
import { MATCHES, queryOf, SAVED_SEARCHES } from './saved-searches';

export const PRICE_DROPS = 'price_drop_notices';
type Knex = Core.Strapi['db']['connection'];

/** Searches claimed per transaction: a crash loses no more than one batch's work, which is then redone. */
const BATCH = 200;

/**
 * A listed property: approved and not hidden for want of a confirmation (the listing's own condition;
 * a null flag, from before the column, reads as not hidden). Hidden ones are neither matched nor sent.
 */
const hidden = (p: { availability_hidden?: boolean | number | null }) => Boolean(p.availability_hidden);
/** A search's maximum advance compared with a property that states none (or is for sale): above any maximum, so it fails. */
const NO_ADVANCE = 1000;

const ACTIVE = `u.confirmed = true and (u.blocked is null or u.blocked = false)`;
/** Whom alerts may be e-mailed to: a confirmed, active account with e-mail notifications on. */
const MAY_EMAIL = `${ACTIVE} and (u.email_notifications is null or u.email_notifications = true)`;
/** Whom an instant alert may be texted to: a confirmed, active account whose verified number takes alert texts. */
const MAY_TEXT = `${ACTIVE} and u.phone is not null and u.phone_verified_at is not null and (u.sms_alerts is null or u.sms_alerts = true)`;

/** A listed property's columns the matcher compares saved searches with. */
interface ListedRow {
  id: number;
  document_id: string;
  approval_status: string;
  availability_hidden: boolean | number | null;
  advance_months: number | null;
  lease_type: string | null;
  city_slug: string | null;
  property_type: string | null;
  furnish_status: string | null;
  number_of_bedrooms: number | null;
  price_ghs: number | string | null;
  price_amount: number | string | null;
  currency: string | null;
  location: string | null;
  nearest_landmark: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
}

interface ClaimedSearch {
  id: number;
  document_id: string;
  frequency: SavedSearchFrequency;
  label: string | null;
  query: string | object;
  email: string | null;
  phone: string | null;
  language: string | null;
  may_email: boolean | number | null;
  may_text: boolean | number | null;
}

/**
 * Saved-search alerts and price drops on favourites.
 *
 * - **Matching by index.** When a property becomes listed (approved), one INSERT … SELECT finds the active
 *   searches it matches, through an index on their filter columns ('' and null stand for "any"), and
 *   records each as a match: nothing loops over searches in JavaScript. A property matches a search once
 *   ever (a unique index), so a listing approved again is not announced again.
 * - **Windows.** Instant searches send whatever matched since their last alert, every minute. Daily
 *   ones at 08:00 Africa/Accra, weekly ones on Mondays at 08:00: each search holds the last window it
 *   was sent in, and a run claims the searches whose window is older.
 * - **Exactly once.** A batch of searches is claimed, their matches marked sent and their e-mails written
 *   to the outbox in one transaction. On PostgreSQL the claim locks the rows (FOR UPDATE SKIP LOCKED), so
 *   two cms processes running the same minute take different searches, and a search's window or
 *   matches, once marked, are never taken again. SQLite runs one cms process per file.
 * - **Texts.** An instant alert also texts its newest match to a seeker whose number takes alert texts:
 *   one short part, and never in quiet hours (21:00-07:00 Accra), when it waits in the outbox for 07:00.
 *   Daily and weekly digests, and price drops, are e-mail's alone.
 * - **Nothing new, nothing sent**; a seeker whose notifications are off, who has not confirmed their
 *   address, or whose account is deactivated, is sent nothing (their matches are marked all the same, so
 *   they are not sent later in a pile).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const postgres = () => strapi.db.dialect.client === 'postgres';
  const now = () => platformService(strapi, 'clock').now();
  const mailer = () => platformService(strapi, 'mailer');
  const outbox = () => platformService(strapi, 'outbox');
  const searches = () => getService(strapi, 'saved-searches');
  const inIds = (ids: number[]) => ids.map(() => '?').join(',');
  const lockClause = () => (postgres() ? ' for update of s skip locked' : '');

  /** The property's answer objects for the cards, read in the claim's transaction. */
  async function cardsOf(trx: Knex, documentIds: string[]): Promise<Map<string, CardProperty>> {
    const cards = new Map<string, CardProperty>();
    if (documentIds.length === 0) return cards;
    const rows: { id: number; document_id: string }[] = await trx('properties')
      .whereIn('document_id', documentIds)
      .andWhereRaw(LISTED_ROWS)
      .select('id', 'document_id');
    const answers = await propertyService(strapi, 'listing-sql').answersByIdsOn(
      trx,
      rows.map((r) => Number(r.id)),
    );
    for (const r of rows) {
      const answer = answers.get(Number(r.id));
      if (answer) cards.set(r.document_id, answer as unknown as CardProperty);
    }
    return cards;
  }

  /**
   * Sends the alerts of claimed searches (in the claim's transaction): each search's unsent matches,
   * newest first, that are still listed, by e-mail and (instant ones) by text. Answers how many alerts
   * were written.
   */
  async function sendClaimed(trx: Knex, ids: number[], t: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const claimed = rawRows<ClaimedSearch>(
      await trx.raw(
        `select s.id, s.document_id, s.frequency, s.label, s.query, u.email, u.phone, u.language,
                (${MAY_EMAIL}) as may_email, (${MAY_TEXT}) as may_text
         from ${SAVED_SEARCHES} s left join up_users u on u.id = s.user_id where s.id in (${inIds(ids)})`,
        ids,
      ),
    );
    const matches = rawRows<{ id: number; search_id: number; property_document_id: string }>(
      await trx.raw(
        `select m.id, m.search_id, m.property_document_id from ${MATCHES} m
         where m.search_id in (${inIds(ids)}) and m.alerted_at is null order by m.matched_at desc, m.id desc`,
        ids,
      ),
    );
    if (matches.length === 0) return 0;
    const matchIds = matches.map((m) => Number(m.id));
    for (let i = 0; i < matchIds.length; i += 500)
      await trx(MATCHES)
        .whereIn('id', matchIds.slice(i, i + 500))
        .update({ alerted_at: t });

    const bySearch = new Map<number, string[]>();
    for (const m of matches) {
      const list = bySearch.get(Number(m.search_id)) ?? [];
      list.push(m.property_document_id);
      bySearch.set(Number(m.search_id), list);
    }
    const texting = platformService(strapi, 'sms').enabled();
    const mayText = (s: ClaimedSearch) =>
      texting && s.frequency === 'instant' && Boolean(s.phone) && Boolean(s.may_text);
    const recipients = claimed.filter(
      (s) => ((s.email && Boolean(s.may_email)) || mayText(s)) && bySearch.has(Number(s.id)),
    );
    const cards = await cardsOf(trx, [...new Set(recipients.flatMap((s) => bySearch.get(Number(s.id))!))]);
    const site = siteUrl();
    const brand = recipients.length ? await mailer().brand() : undefined;
    const outgoing: Parameters<ReturnType<typeof mailer>['sendMany']>[0] = [];
    const texts: Parameters<ReturnType<typeof outbox>['enqueueTexts']>[0] = [];
    const alerted: number[] = [];
    for (const s of recipients) {
      // Only what is still listed: a property unlisted since it matched is not announced.
      const listed = bySearch
        .get(Number(s.id))!
        .map((d) => cards.get(d))
        .filter((p): p is CardProperty => p !== undefined);
      if (listed.length === 0) continue;
      const language = knownLanguage(s.language);
      alerted.push(Number(s.id));
      if (mayText(s))
        texts.push({
          to: s.phone!,
          kind: 'alert',
          text: alertSms(language, site, listed[0]!),
          // The wait is reckoned on the accounts clock (`t`) and kept on the outbox's own.
          notBefore: new Date(Date.now() + afterQuietHours(t).getTime() - t.getTime()),
        });
      if (!s.email || !s.may_email) continue;
      const query = queryOf(s as { query: string });
      // In the seeker's language: the search's words, the cards, and the links to the site's pages.
      const unsubscribeUrl = `${site}/api/saved-searches/unsubscribe?token=${encodeURIComponent(searches().unsubscribeToken(s.document_id))}`;
      const mail = alertMail({
        site,
        brand: brand!.name,
        language,
        label: describeSavedSearch(query, SAVED_SEARCH_WORDS[language]),
        frequency: s.frequency,
        listings: listed.slice(0, ALERT_LISTINGS_MAX),
        total: listed.length,
        listingPath: savedSearchListingPath(query),
        unsubscribeUrl,
      });
      outgoing.push({
        to: s.email,
        subject: mail.subject,
        body: mailer().frameFor(brand!, mail.title, mail, language),
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    }
    // The batch's e-mails and marks in a few statements: a daily window is tens of thousands of them.
    await mailer().sendMany(outgoing);
    await outbox().enqueueTexts(texts);
    if (alerted.length) await trx(SAVED_SEARCHES).whereIn('id', alerted).update({ last_alert_at: t });
    return alerted.length;
  }

  /** Instant searches with unsent matches, a batch at a time, until none is left. */
  async function runInstant(t: Date): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await strapi.db.transaction(async ({ trx }) => {
        const ids = rawRows<{ id: number }>(
          await trx.raw(
            `select s.id from ${SAVED_SEARCHES} s where s.frequency = 'instant'
             and exists (select 1 from ${MATCHES} m where m.search_id = s.id and m.alerted_at is null)
             order by s.id limit ${BATCH}${lockClause()}`,
          ),
        ).map((r) => Number(r.id));
        return { ids, sent: await sendClaimed(trx, ids, t) };
      });
      sent += batch.sent;
      if (batch.ids.length < BATCH) return sent;
    }
  }

  /** Daily or weekly searches whose window has come: each claimed for the window, then sent. */
  async function runWindow(frequency: 'daily' | 'weekly', t: Date): Promise<number> {
    const window = alertWindow(frequency, t);
    let sent = 0;
    for (;;) {
      const batch = await strapi.db.transaction(async ({ trx }) => {
        const ids = rawRows<{ id: number }>(
          await trx.raw(
            `select s.id from ${SAVED_SEARCHES} s where s.frequency = ? and (s.last_window is null or s.last_window < ?)
             order by s.id limit ${BATCH}${lockClause()}`,
            [frequency, window],
          ),
        ).map((r) => Number(r.id));
        if (ids.length) await trx(SAVED_SEARCHES).whereIn('id', ids).update({ last_window: window });
        return { ids, sent: await sendClaimed(trx, ids, t) };
      });
      sent += batch.sent;
      if (batch.ids.length < BATCH) return sent;
    }
  }

  /** Price drops waiting, a batch of seekers at a time: one e-mail per seeker with all of theirs. */
  async function runPriceDrops(t: Date): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await strapi.db.transaction(async ({ trx }) => {
        const rows = rawRows<{
          id: number;
          user_id: number;
          property_document_id: string;
          old_price_ghs: number | string;
        }>(
          await trx.raw(
            `select s.id, s.user_id, s.property_document_id, s.old_price_ghs from ${PRICE_DROPS} s
             where s.sent_at is null order by s.user_id, s.id limit ${BATCH}${lockClause()}`,
          ),
        );
        if (rows.length === 0) return { rows: 0, sent: 0 };
        await trx(PRICE_DROPS)
          .whereIn(
            'id',
            rows.map((r) => r.id),
          )
          .update({ sent_at: t });
        const users = [...new Set(rows.map((r) => Number(r.user_id)))];
        const recipients = rawRows<{ id: number; email: string; language: string | null }>(
          await trx.raw(
            `select u.id, u.email, u.language from up_users u where u.id in (${inIds(users)}) and ${MAY_EMAIL}`,
            users,
          ),
        );
        const cards = await cardsOf(trx, [...new Set(rows.map((r) => r.property_document_id))]);
        const brand = recipients.length ? await mailer().brand() : undefined;
        const outgoing: Parameters<ReturnType<typeof mailer>['sendMany']>[0] = [];
        for (const u of recipients) {
          // A property that dropped twice since the last e-mail: one card, from the first price to now.
          const drops = new Map<string, number>();
          for (const r of rows)
            if (Number(r.user_id) === Number(u.id) && !drops.has(r.property_document_id))
              drops.set(r.property_document_id, Number(r.old_price_ghs));
          const listed = [...drops]
            .map(([documentId, oldPriceGhs]) => ({ property: cards.get(documentId)!, oldPriceGhs }))
            .filter((d) => d.property && d.property.priceGhs < d.oldPriceGhs);
          if (listed.length === 0) continue;
          const language = knownLanguage(u.language);
          const mail = priceDropMail({ site: siteUrl(), language, drops: listed });
          outgoing.push({
            to: u.email,
            subject: mail.subject,
            body: mailer().frameFor(brand!, mail.title, mail, language),
          });
        }
        await mailer().sendMany(outgoing);
        return { rows: rows.length, sent: outgoing.length };
      });
      sent += batch.sent;
      if (batch.rows < BATCH) return sent;
    }
  }

  const service = {
    /** The tables and indexes of matches and price drops, and the searches' matching index. */
    async ensureTables(): Promise<void> {
      const knex = strapi.db.connection;
      if (!(await knex.schema.hasTable(MATCHES)))
        await knex.schema.createTable(MATCHES, (t) => {
          t.increments('id');
          t.integer('search_id').notNullable();
          t.string('property_document_id', 64).notNullable();
          t.timestamp('matched_at', { useTz: true }).notNullable();
          t.timestamp('alerted_at', { useTz: true }).nullable();
        });
      if (!(await knex.schema.hasTable(PRICE_DROPS)))
        await knex.schema.createTable(PRICE_DROPS, (t) => {
          t.increments('id');
          t.integer('user_id').notNullable();
          t.string('property_document_id', 64).notNullable();
          t.decimal('old_price_ghs', 14, 2).notNullable();
          t.decimal('new_price_ghs', 14, 2).notNullable();
          t.timestamp('created_at', { useTz: true }).notNullable();
          t.timestamp('sent_at', { useTz: true }).nullable();
        });
      for (const statement of [
        // A property matches a search once: approved again, it is not announced again.
        `create unique index if not exists saved_search_matches_uq on ${MATCHES} (search_id, property_document_id)`,
        `create index if not exists saved_search_matches_unsent_idx on ${MATCHES} (search_id) where alerted_at is null`,
        `create index if not exists price_drop_notices_unsent_idx on ${PRICE_DROPS} (user_id, id) where sent_at is null`,
        // The matcher's index: the filters a listing is compared on, equality first ('' is "any").
        // On PostgreSQL it also carries every other column the matcher reads, so it is read alone (an
        // index-only scan): the searches one listing passes the filters of lie all over the table, and
        // fetching them read most of its pages at every approval (`npm run bench:alerts`, 100,000
        // searches: 4,600 of 6,500 pages, 20-40 ms; carried: about 150 index pages, 2-8 ms). An index
        // made before it carried them all (the map area came last) is made again.
        ...(postgres()
          ? [
              `do $$ begin
                 if exists (select 1 from pg_indexes where schemaname = current_schema()
                            and indexname = 'saved_searches_match_idx' and indexdef not like '%bbox_north%')
                 then drop index saved_searches_match_idx; end if;
               end $$`,
              `create index if not exists saved_searches_match_idx on ${SAVED_SEARCHES} (active, lease_type, city_slug, property_type, furnish_status)
               include (bedrooms, min_price, max_price, max_advance_months, bbox_west, bbox_south, bbox_east, bbox_north,
                        search_pattern, search_price, search_currency, id)`,
            ]
          : [
              `create index if not exists saved_searches_match_idx on ${SAVED_SEARCHES} (active, lease_type, city_slug, property_type, furnish_status)`,
            ]),
        `create index if not exists saved_searches_window_idx on ${SAVED_SEARCHES} (frequency, last_window, id)`,
        `create index if not exists saved_searches_user_idx on ${SAVED_SEARCHES} (user_id, created_at)`,
        `create index if not exists favourites_property_idx on favourites (property_document_id)`,
      ])
        await knex.raw(statement);
    },

    /**
     * A property just became listed: records it against every active search it matches (in the caller's
     * transaction, so an approval and its matches are kept together). Answers how many it matched.
     */
    async matchListing(documentId: string): Promise<number> {
      return strapi.db.transaction(async ({ trx }) => {
        const p: ListedRow | undefined = await trx('properties').where({ document_id: documentId }).first();
        if (!p || p.approval_status !== 'approved' || hidden(p)) return 0;
        const lower = (v: string | null) => (v ?? '').toLowerCase();
        // A search's map area holds the listing's public (rounded) point, as the listing's bbox filter
        // does; a listing without a point is in no area (null fails the comparisons).
        const point = publicPoint(p);
        const result = await trx.raw(
          `insert into ${MATCHES} (search_id, property_document_id, matched_at)
           select s.id, ?, ? from ${SAVED_SEARCHES} s
           where s.active = true and s.lease_type in ('', ?) and s.city_slug in ('', ?)
             and s.property_type in ('', ?) and s.furnish_status in ('', ?)
             and (s.bedrooms is null or s.bedrooms = ?)
             and (s.min_price is null or s.min_price <= ?) and (s.max_price is null or s.max_price >= ?)
             and (s.max_advance_months is null or s.max_advance_months >= ?)
             and (s.bbox_west is null or (s.bbox_south <= ? and s.bbox_north >= ? and s.bbox_west <= ? and s.bbox_east >= ?))
             and (s.search_pattern = '' or ? like s.search_pattern escape '\\' or ? like s.search_pattern escape '\\'
                  or ? like s.search_pattern escape '\\'
                  or (s.search_price = ? and s.search_currency in ('', ?)))
           on conflict (search_id, property_document_id) do nothing`,
          [
            p.document_id,
            now(),
            p.lease_type ?? '',
            p.city_slug ?? '',
            p.property_type ?? '',
            p.furnish_status ?? '',
            Number(p.number_of_bedrooms ?? -1),
            Number(p.price_ghs ?? 0),
            Number(p.price_ghs ?? 0),
            p.lease_type === 'Rent' && p.advance_months !== null && p.advance_months !== undefined
              ? Number(p.advance_months)
              : NO_ADVANCE,
            point.latitude,
            point.latitude,
            point.longitude,
            point.longitude,
            lower(p.location),
            lower(p.nearest_landmark),
            lower(p.property_type),
            Number(p.price_amount ?? -1),
            p.currency ?? '',
          ],
        );
        if (postgres()) return Number((result as { rowCount?: number }).rowCount ?? 0);
        const [row] = rawRows<{ n: number }>(await trx.raw('select changes() as n'));
        return Number(row?.n ?? 0);
      });
    },

    /**
     * A listed property was written: its favourites that knew it dearer get a price drop to tell of,
     * and every favourite of it now knows its current price (in the caller's transaction).
     */
    async noteListedPrice(documentId: string): Promise<void> {
      await strapi.db.transaction(async ({ trx }) => {
        const p:
          | {
              price_ghs: number | string | null;
              approval_status: string;
              availability_hidden: boolean | number | null;
            }
          | undefined = await trx('properties')
          .where({ document_id: documentId })
          .first('price_ghs', 'approval_status', 'availability_hidden');
        if (!p || p.approval_status !== 'approved' || hidden(p) || p.price_ghs === null) return;
        // The price as the property's price history last recorded it (a listing without one: its row's),
        // so a drop here is the cut the history shows, and a new USD rate alone is none.
        const price =
          (await propertyService(strapi, 'price-history').currentGhs(documentId)) ?? Number(p.price_ghs);
        await trx.raw(
          `insert into ${PRICE_DROPS} (user_id, property_document_id, old_price_ghs, new_price_ghs, created_at)
           select f.user_id, f.property_document_id, f.listed_price_ghs, ?, ? from favourites f
           where f.property_document_id = ? and f.listed_price_ghs > ?`,
          [price, now(), documentId, price],
        );
        await trx.raw(
          `update favourites set listed_price_ghs = ? where property_document_id = ?
           and (listed_price_ghs is null or listed_price_ghs <> ?)`,
          [price, documentId, price],
        );
      });
    },

    runInstant: (t = now()) => runInstant(t),
    runWindow: (frequency: 'daily' | 'weekly', t = now()) => runWindow(frequency, t),
    runPriceDrops: (t = now()) => runPriceDrops(t),

    /** Everything due now: the cron task's one call, every minute. Answers the e-mails written. */
    async run(t = now()): Promise<{ instant: number; daily: number; weekly: number; priceDrops: number }> {
      return {
        instant: await runInstant(t),
        priceDrops: await runPriceDrops(t),
        daily: await runWindow('daily', t),
        weekly: await runWindow('weekly', t),
      };
    },
  };
  return service;
};
