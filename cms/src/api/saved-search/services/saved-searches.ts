import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  alertWindow,
  describeSavedSearch,
  knownLanguage,
  MESSAGES,
  parseMapArea,
  parsePrice,
  SAVED_SEARCHES_MAX,
  SAVED_SEARCH_WORDS,
  savedSearchListingPath,
  type Language,
  type SavedSearch,
  type SavedSearchFrequency,
  type SavedSearchQuery,
} from '@fie/domain';
import { isDocumentId } from '../../../shared/document-id';
import { asIsoDate } from '../../../shared/raw-rows';
import { containsPattern } from '../../../shared/staff-page';
import { httpError } from '../../../shared/errors';
import { LISTED } from '../../property/catalogue/listing-indexes';
import { getService as platformService } from '../../../plugins/platform/server/src/get-service';
import { UNDO_SECONDS, unsubscribeTokens } from '../unsubscribe-token';

const UID = 'api::saved-search.saved-search';
export const SAVED_SEARCHES = 'saved_searches';
export const MATCHES = 'saved_search_matches';

interface Row {
  id: number;
  document_id: string;
  user_id: number;
  frequency: SavedSearchFrequency;
  active: boolean | number;
  query: string | SavedSearchQuery;
  label: string | null;
  created_at: unknown;
  last_alert_at: unknown;
  unsubscribed_at: unknown;
}

const COLUMNS = [
  'id',
  'document_id',
  'user_id',
  'frequency',
  'active',
  'query',
  'label',
  'created_at',
  'last_alert_at',
  'unsubscribed_at',
];

export const queryOf = (row: { query: string | SavedSearchQuery }): SavedSearchQuery =>
  typeof row.query === 'string' ? (JSON.parse(row.query) as SavedSearchQuery) : row.query;

/**
 * The query as the columns the matcher compares a newly listed property with (alerts.ts): '' and null
 * mean "any", so one index finds the searches a property matches. A text search is kept as the
 * listing's own LIKE pattern, and, when it reads as a price, as that price too (the listing finds
 * properties by price typed in the search box).
 */
function matchColumns(q: SavedSearchQuery) {
  const price = q.search ? parsePrice(q.search) : null;
  const area = q.bbox ? parseMapArea(q.bbox) : undefined;
  return {
    citySlug: q.city ?? '',
    propertyType: q.propertyType ?? '',
    leaseType: q.leaseType ?? '',
    furnishStatus: q.furnishStatus ?? '',
    bedrooms: q.bedrooms ?? null,
    minPrice: q.minPrice ?? null,
    maxPrice: q.maxPrice ?? null,
    maxAdvanceMonths: q.maxAdvanceMonths ?? null,
    // The map area's edges (on the public grid), compared with a listing's rounded point.
    bboxWest: area?.west ?? null,
    bboxSouth: area?.south ?? null,
    bboxEast: area?.east ?? null,
    bboxNorth: area?.north ?? null,
    searchPattern: q.search ? containsPattern(q.search) : '',
    searchPrice: price ? price.amount : null,
    searchCurrency: price?.currency ?? '',
  };
}

/** The same filters, whatever order or spelling they came in, for telling a search saved twice. */
const sameQuery = (a: SavedSearchQuery, b: SavedSearchQuery) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof SavedSearchQuery>;
  return [...keys].every((k) => (a[k] ?? null) === (b[k] ?? null));
};

/** Where a daily or weekly search starts: the window it is saved in counts as sent, so its first alert is the next one. */
/**
 * Data for the document service: Strapi's input types have no null for an optional number, yet a
 * cleared filter is a null column ("any"), which the database and the document service take.
 */
const writable = (data: Record<string, unknown>) => data as never;

const startingWindow = (frequency: SavedSearchFrequency, now: Date) =>
  frequency === 'instant' ? null : alertWindow(frequency, now);

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const now = () => platformService(strapi, 'clock').now();
  let tokens: ReturnType<typeof unsubscribeTokens> | undefined;
  const signer = () => (tokens ??= unsubscribeTokens(strapi.config.get('server.app.keys', []) as string[]));

  /**
   * The searches as the API answers them, each said in `language` (the reader's). The stored label
   * is the English one, written when the search was saved; the words are made again for each reader.
   */
  async function answers(rows: Row[], language: Language): Promise<SavedSearch[]> {
    const ids = rows.map((r) => r.id);
    // New matches: listings approved since the last alert that are still listed (not hidden either).
    const counts: { search_id: number; n: number | string }[] = ids.length
      ? await knex()(`${MATCHES} as m`)
          .join('properties as p', 'p.document_id', 'm.property_document_id')
          .whereIn('m.search_id', ids)
          .whereNull('m.alerted_at')
          .andWhereRaw(LISTED)
          .groupBy('m.search_id')
          .select('m.search_id', knex().raw('count(*) as n'))
      : [];
    const countOf = new Map(counts.map((c) => [Number(c.search_id), Number(c.n)]));
    return rows.map((r) => {
      const query = queryOf(r);
      return {
        id: r.document_id,
        query,
        frequency: r.frequency,
        active: Boolean(r.active),
        label: describeSavedSearch(query, SAVED_SEARCH_WORDS[language]),
        newMatches: countOf.get(Number(r.id)) ?? 0,
        listingPath: savedSearchListingPath(query),
        createdAt: asIsoDate(r.created_at),
        lastAlertAt: asIsoDate(r.last_alert_at),
      };
    });
  }

  /** The account's own search (404 for anyone else's, so ids reveal nothing). */
  async function ownRow(userId: number, documentId: string): Promise<Row> {
    const row: Row | undefined = isDocumentId(documentId)
      ? await knex()(SAVED_SEARCHES).where({ document_id: documentId, user_id: userId }).first(COLUMNS)
      : undefined;
    if (!row) throw new errors.NotFoundError(MESSAGES.savedSearchNotFound);
    return row;
  }

  const rowByDocumentId = (documentId: string): Promise<Row | undefined> =>
    knex()(SAVED_SEARCHES).where({ document_id: documentId }).first(COLUMNS);

  /** An undo token works while the search is off from the switch-off it names, for UNDO_SECONDS. */
  const undoWorks = (row: Row, unsubscribedAt: Date) => {
    const at = asIsoDate(row.unsubscribed_at);
    return (
      at !== null &&
      Date.parse(at) === unsubscribedAt.getTime() &&
      now().getTime() - unsubscribedAt.getTime() <= UNDO_SECONDS * 1000
    );
  };

  const service = {
    /** The account's saved searches, newest first. */
    async list(userId: number | string, language: Language = 'en'): Promise<SavedSearch[]> {
      const rows: Row[] = await knex()(SAVED_SEARCHES)
        .where({ user_id: Number(userId) })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select(COLUMNS);
      return answers(rows, language);
    },

    async create(
      userId: number | string,
      input: { query: SavedSearchQuery; frequency: SavedSearchFrequency },
      language: Language = 'en',
    ): Promise<SavedSearch> {
      const user = Number(userId);
      const existing: Row[] = await knex()(SAVED_SEARCHES).where({ user_id: user }).select(COLUMNS);
      if (existing.some((r) => sameQuery(queryOf(r), input.query)))
        throw httpError(409, MESSAGES.savedSearchDuplicate);
      if (existing.length >= SAVED_SEARCHES_MAX) throw new errors.ValidationError(MESSAGES.savedSearchesFull);
      const created = await strapi.documents(UID).create({
        data: writable({
          userId: user,
          frequency: input.frequency,
          active: true,
          query: input.query,
          label: describeSavedSearch(input.query).slice(0, 300),
          lastWindow: startingWindow(input.frequency, now()),
          ...matchColumns(input.query),
        }),
      });
      return (await answers([(await rowByDocumentId(created.documentId))!], language))[0]!;
    },

    async update(
      userId: number | string,
      documentId: string,
      input: { query?: SavedSearchQuery; frequency?: SavedSearchFrequency; active?: boolean },
      language: Language = 'en',
    ): Promise<SavedSearch> {
      const user = Number(userId);
      const row = await ownRow(user, documentId);
      if (input.query) {
        const others: Row[] = await knex()(SAVED_SEARCHES)
          .where({ user_id: user })
          .whereNot({ id: row.id })
          .select(COLUMNS);
        if (others.some((r) => sameQuery(queryOf(r), input.query!)))
          throw httpError(409, MESSAGES.savedSearchDuplicate);
      }
      const frequency = input.frequency ?? row.frequency;
      const data: Record<string, unknown> = {};
      if (input.query)
        Object.assign(data, {
          query: input.query,
          label: describeSavedSearch(input.query).slice(0, 300),
          ...matchColumns(input.query),
        });
      // A new frequency (or alerts switched back on) starts from the window it is in, as a new search does.
      if (input.frequency && input.frequency !== row.frequency)
        data.lastWindow = startingWindow(frequency, now());
      if (input.active !== undefined) {
        data.active = input.active;
        if (input.active && !row.active) data.lastWindow = startingWindow(frequency, now());
        // The owner's own choice: no undo link of an earlier switch-off works any more.
        data.unsubscribedAt = null;
      }
      if (input.frequency) data.frequency = input.frequency;
      await strapi.documents(UID).update({ documentId, data: writable(data) });
      return (await answers([(await rowByDocumentId(documentId))!], language))[0]!;
    },

    /** Deletes the search and what it matched. */
    async remove(userId: number | string, documentId: string): Promise<void> {
      const row = await ownRow(Number(userId), documentId);
      await strapi.db.transaction(async ({ trx }) => {
        await trx(MATCHES).where({ search_id: row.id }).del();
        await trx(SAVED_SEARCHES).where({ id: row.id }).del();
      });
    },

    /** The signed token of an alert's unsubscribe link. */
    unsubscribeToken(documentId: string): string {
      return signer().sign(documentId);
    },

    /**
     * Switches off the search an alert's token names: no sign-in, as the link is followed from an
     * e-mail. Doing it twice is harmless. A token we did not sign answers 400 and changes nothing.
     * When this call switched the alerts off, `undoToken` lets the confirmation page turn them back on
     * for a while (UNDO_SECONDS); the alert's own token never can.
     */
    async unsubscribe(
      token: unknown,
      language: Language = 'en',
    ): Promise<{ label: string; active: false; undoToken: string | null }> {
      const documentId = signer().verify(token);
      if (!documentId) throw new errors.ValidationError(MESSAGES.unsubscribeLinkInvalid);
      const row = await rowByDocumentId(documentId);
      // Signed by us, but deleted since: there is nothing left to send, which is what was asked.
      if (!row) throw new errors.NotFoundError(MESSAGES.savedSearchNotFound);
      const label = describeSavedSearch(queryOf(row), SAVED_SEARCH_WORDS[language]);
      if (!row.active) return { label, active: false, undoToken: null };
      const at = now();
      // Only the call that switches it off gets the undo token: the guard on `active` makes two at once
      // one switch-off, never two undo tokens.
      const switched = await knex()(SAVED_SEARCHES)
        .where({ id: row.id, active: true })
        .update({ active: false, unsubscribed_at: at, updated_at: at });
      return { label, active: false, undoToken: switched === 1 ? signer().signUndo(documentId, at) : null };
    },

    /**
     * Turns the alerts back on with the confirmation page's undo token: only while the search is still
     * off from the switch-off that token names, and for UNDO_SECONDS after it; otherwise 400 (sign in
     * to turn them on). Again after it worked: the alerts are on, nothing changes.
     */
    async resubscribe(token: unknown, language: Language = 'en'): Promise<{ label: string; active: true }> {
      const undo = signer().verifyUndo(token);
      if (!undo) throw new errors.ValidationError(MESSAGES.undoLinkNotValid);
      const row = await rowByDocumentId(undo.documentId);
      if (!row) throw new errors.NotFoundError(MESSAGES.savedSearchNotFound);
      const label = describeSavedSearch(queryOf(row), SAVED_SEARCH_WORDS[language]);
      if (row.active) return { label, active: true };
      if (!undoWorks(row, undo.unsubscribedAt)) throw new errors.ValidationError(MESSAGES.undoLinkNotValid);
      const switched = await knex()(SAVED_SEARCHES)
        .where({ id: row.id, active: false })
        .update({
          active: true,
          unsubscribed_at: null,
          last_window: startingWindow(row.frequency, now()),
          updated_at: now(),
        });
      if (switched !== 1 && !(await rowByDocumentId(undo.documentId))?.active)
        throw new errors.ValidationError(MESSAGES.undoLinkNotValid);
      return { label, active: true };
    },

    /**
     * The language of the account whose search a link's token names (English when the token is not
     * ours, or the search is gone): the confirmation page opens in it.
     */
    async languageOfToken(token: unknown): Promise<Language> {
      const documentId = signer().documentIdOf(token);
      const row = documentId ? await rowByDocumentId(documentId) : undefined;
      if (!row) return 'en';
      const user = await knex()('up_users').where({ id: row.user_id }).first('language');
      return knownLanguage(user?.language);
    },

    /**
     * What a link's token (an alert's or the page's undo token) names, for the pages that confirm
     * it; `canUndo`: this token may turn the alerts back on now.
     */
    async byToken(
      token: unknown,
      language: Language = 'en',
    ): Promise<{ label: string; active: boolean; frequency: SavedSearchFrequency; canUndo: boolean }> {
      const documentId = signer().documentIdOf(token);
      if (!documentId) throw new errors.ValidationError(MESSAGES.unsubscribeLinkInvalid);
      const row = await rowByDocumentId(documentId);
      if (!row) throw new errors.NotFoundError(MESSAGES.savedSearchNotFound);
      const undo = signer().verifyUndo(token);
      return {
        label: describeSavedSearch(queryOf(row), SAVED_SEARCH_WORDS[language]),
        active: Boolean(row.active),
        frequency: row.frequency,
        canUndo: Boolean(undo && !row.active && undoWorks(row, undo.unsubscribedAt)),
      };
    },
  };
  return service;
};
