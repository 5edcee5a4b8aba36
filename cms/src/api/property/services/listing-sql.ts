import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { pastCountBound, pastCountBoundMessage, type ListingQuery } from '@fie/domain';
import { listingCache, listingCounts, propertyAnswers } from '../catalogue/listing-cache';
import { CATALOGUE_VERSION_SQL, catalogueVersioned } from '../catalogue/catalogue-version';
import { countFromFacets } from '../catalogue/listing-facets';
import { createFacetReaders } from '../catalogue/listing-facet-readers';
import { countGuidesPlan, planPage, type ListingPlan, type ListingStrategy } from '../catalogue/listing-plan';
import { answersByIds, answersByIdsOn, answersOfRows } from '../catalogue/listing-answers';
import { versionOf, type IdRow, type ListingRow } from '../catalogue/listing-rows';
import { listingSettings } from '../catalogue/listing-settings';
import {
  answerColumns,
  countSql,
  cursorSql,
  join,
  orderOf,
  pageSql,
  sql,
  versionColumn,
  walkSql,
  type Approval,
  type Seek,
  type Sql,
} from '../catalogue/listing-sql-builders';
import { createMapReader, type MapPointsResult } from '../catalogue/map-reader';
import { runListingSql, SQLITE_TICK } from '../catalogue/listing-statements';
import { searchGate } from '../catalogue/search-gate';
import { TooManyRequestsError } from '../../../shared/too-many-requests-error';

// The public listing, and the staff lists of properties, in plain SQL. A page is planned from what is
// known before reading it (catalogue/listing-plan.ts) and run here. Its ids are read first with the
// catalogue version; when this process holds every one of those properties' answers under that same
// version, they are the answer, otherwise the missing ones are read. The count is read alongside, unless
// the count of the same filters is already known for the current version (kept, or from the facets).
// Strapi's document service builds far heavier queries for the same answer (joins for every populate, a
// second pass per relation), which at 100,000 listings made the listing several times slower.

export type { Approval } from '../catalogue/listing-sql-builders';

const PROPERTY_UID = 'api::property.property';

/** A page cursor naming a property that is not in the listing (any more). */
export const UNLISTED_CURSOR =
  'This page of the listing has changed since it was shown. Start again from the first page.';

/** One page of the listing, as the properties' public JSON, with what the page's links need. */
export type ListingPageResult = {
  bodies: string[];
  /** The number of matches, or the bound when `bounded`. */
  total: number;
  /** True when there are more than `total` matches (the count stopped at its bound). */
  bounded: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
  /** How the page was found (listing-plan.ts): sent in a header outside production, for tests and tuning. */
  strategy: ListingStrategy;
};

const gzipAsync = promisify(gzip);

/** A count with the catalogue version it was read under. */
type Count = { n: number; version: string | undefined };

/** What is known of a page's count before the page is read. */
interface CountFacts {
  bound?: number;
  /** The count's key: the filters and approval, not the sort or page, so paging reuses it. */
  countKey: string;
  known?: Count;
  /** A count of none known to be of the current version (nothing to read, nothing to check it against). */
  noneNow: boolean;
  facets?: ReturnType<ReturnType<typeof createFacetReaders>>;
  faceted?: NonNullable<ReturnType<NonNullable<CountFacts['facets']>['current']>>;
}

/** The page as read: the rows (ids at least) that gave it, their answers, and the version they were read under. */
interface PageRead {
  strategy: ListingStrategy;
  rows: IdRow[];
  bodies: string[];
  version?: string;
}

/** Reads pages of the listing: plans each (listing-plan.ts) and runs the plan's statements. */
class ListingReader {
  private readonly facetsFor: ReturnType<typeof createFacetReaders>;
  /** The pages being read now, by key, with the cache generation each was read since. */
  private readonly reading = new Map<string, { since: number; read: Promise<ListingPageResult> }>();

  constructor(private readonly strapi: Core.Strapi) {
    this.facetsFor = createFacetReaders(strapi, () => this.currentVersion());
  }

  private postgres(): boolean {
    return this.strapi.db.dialect.client === 'postgres';
  }

  /** SQLite's progress limit in each listing WHERE (PostgreSQL's ceiling is its pool's statement_timeout). */
  private guard(): string | undefined {
    return this.postgres() ? undefined : SQLITE_TICK;
  }

  /**
   * Runs a listing statement where listing statements run, under their time ceiling
   * (listing-statements.ts). The public listing's (`approval` 'approved') may be read from a standby,
   * when one is set up; staff lists read the primary, where their own writes are.
   */
  private rowsOf<Row>(statement: Sql, approval?: Approval): Promise<Row[]> {
    return runListingSql<Row>(this.strapi, statement, { replica: approval === 'approved' });
  }

  private async count(q: ListingQuery, approval: Approval, bound?: number): Promise<Count> {
    const [row] = await this.rowsOf<{ n: number | string; fie_catalogue_version?: unknown }>(
      countSql(q, approval, bound, this.guard()),
      approval,
    );
    return { n: Number(row?.n ?? 0), version: versionOf(row) };
  }

  /** The catalogue version now (versioned catalogues only). */
  private async currentVersion(): Promise<string | undefined> {
    return versionOf(
      (
        await this.rowsOf<{ fie_catalogue_version?: unknown }>(
          sql(`select ${CATALOGUE_VERSION_SQL} as fie_catalogue_version`),
        )
      )[0],
    );
  }

  /**
   * The keyset position of a page cursor (a property's id): its sort key and row id. None when the
   * property has no key (no price, sorted by price); the page then falls back to its number. A
   * cursor that is not a property of this listing (gone, or not approved in the public listing) is
   * refused: answering from where an unlisted property sits would tell where it sits in the order.
   */
  private async cursorOf(q: ListingQuery, approval: Approval): Promise<Seek | undefined> {
    const documentId = q.after ?? q.before;
    if (documentId === undefined) return undefined;
    const [row] = await this.rowsOf<{ k: string | number | null; id: number | string }>(
      cursorSql(q, approval, documentId, this.postgres()),
      approval,
    );
    if (!row) throw new errors.ValidationError(UNLISTED_CURSOR);
    if (row.k === null || row.k === undefined) return undefined;
    return { key: row.k, id: row.id, direction: q.after !== undefined ? 'after' : 'before' };
  }

  /** The public answers of properties by row id (listing-answers.ts). */
  answersByIds(ids: number[], readVersion?: unknown): Promise<Map<number, string>> {
    return answersByIds(this.strapi, ids, readVersion);
  }

  /** The public answers of these properties read on `connection` (a transaction's), as objects. */
  answersByIdsOn(connection: Core.Strapi['db']['connection'], ids: number[]) {
    return answersByIdsOn(this.strapi, connection, ids);
  }

  /**
   * The count of the page's filters if it is known already: kept from an earlier page (paging through a
   * listing, or asking for it again, reuses it while its catalogue version is current), or counted by the
   * facets. Both are checked against the version of the page's rows once read.
   */
  private async countFacts(q: ListingQuery, approval: Approval, keeps: boolean): Promise<CountFacts> {
    const { sort: _sort, page: _page, pageSize: _pageSize, after: _after, before: _before, ...filters } = q;
    const bound = approval === 'approved' ? listingSettings.countBound : undefined;
    const countKey = JSON.stringify([approval, bound, filters]);
    const versioned = catalogueVersioned();
    let known: Count | undefined = versioned && keeps ? listingCounts.get(countKey) : undefined;
    const facets = bound !== undefined && versioned && this.postgres() ? this.facetsFor(q) : undefined;
    const faceted = facets?.current();
    if (!known && faceted) {
      const n = countFromFacets(faceted, q, bound!);
      if (n !== undefined) known = { n, version: faceted.version };
    }
    // A count of none decides that no page is read, so there is no page's version to check it
    // against: it is used only when its version is the current one, read now (a tiny query), and
    // is counted again otherwise. Proving there is nothing can be the dearest count of all (a
    // search whose words are everywhere, with a filter none of them has).
    const noneNow = known?.n === 0 && (await this.currentVersion()) === known.version;
    if (known?.n === 0 && !noneNow) known = undefined;
    return { bound, countKey, known, noneNow, facets, faceted };
  }

  /**
   * The ids of a page by a walk or a page statement, with the catalogue version. A walk that cannot give
   * the page falls back to its plan's `otherwise`: a walk from a price band whose facets are of another
   * version (the catalogue moved since they were read) or that ended before the page, and a bounded walk
   * that ended before it found a page.
   */
  private async idsOf(
    plan: ListingPlan,
    q: ListingQuery,
    approval: Approval,
  ): Promise<{ plan: ListingPlan; ids: IdRow[] }> {
    if (plan.strategy === 'bandWalk') {
      const ids = await this.rowsOf<IdRow>(walkSql(q, undefined, plan.skip), approval);
      const failed =
        ids.length === 0 ||
        versionOf(ids[0]) !== plan.facetsVersion ||
        (plan.skip.complete && ids.length <= q.pageSize);
      return failed ? this.idsOf(plan.otherwise, q, approval) : { plan, ids };
    }
    if (plan.strategy === 'indexWalk') {
      const ids = await this.rowsOf<IdRow>(walkSql(q, plan.seek), approval);
      return plan.otherwise && ids.length <= q.pageSize
        ? this.idsOf(plan.otherwise, q, approval)
        : { plan, ids };
    }
    if (plan.strategy === 'matchesFirst' || plan.strategy === 'offset') {
      const ids = await this.rowsOf<IdRow>(
        pageSql(
          q,
          approval,
          `p.id${versionColumn()}`,
          plan.strategy === 'matchesFirst',
          plan.seek,
          this.guard(),
        ),
        approval,
      );
      return { plan, ids };
    }
    return { plan, ids: [] };
  }

  /** A page statement's rows with their answers' columns: images, city and poster read for the page's rows only. */
  private async readRows(
    plan: Extract<ListingPlan, { strategy: 'matchesFirst' | 'offset' }>,
    q: ListingQuery,
    approval: Approval,
  ): Promise<PageRead> {
    const page = pageSql(q, approval, 'p.*', plan.strategy === 'matchesFirst', plan.seek, this.guard());
    const rows = await this.rowsOf<ListingRow>(
      join(
        sql('select'),
        answerColumns(this.postgres(), PROPERTY_UID),
        sql('from ('),
        page,
        sql(`) p ${orderOf(q, plan.seek)}`),
      ),
      approval,
    );
    return { strategy: plan.strategy, rows, bodies: answersOfRows(rows), version: versionOf(rows[0]) };
  }

  /** Runs a plan: the page's rows (one more than the page, in the order asked) and their answers. */
  private async execute(initial: ListingPlan, q: ListingQuery, approval: Approval): Promise<PageRead> {
    if (initial.strategy === 'none' || initial.strategy === 'cached')
      return { strategy: initial.strategy, rows: [], bodies: [] };
    if (!catalogueVersioned()) {
      // Without versions the cache cannot vouch for answers: the page is read whole (walks need versions).
      return this.readRows(
        initial.strategy === 'matchesFirst' ? initial : { strategy: 'offset', seek: initial.seek },
        q,
        approval,
      );
    }
    const { plan, ids } = await this.idsOf(initial, q, approval);
    const version = versionOf(ids[0]);
    const kept = ids.map((r) => propertyAnswers.get(version, Number(r.id)));
    if (!kept.includes(undefined))
      return { strategy: plan.strategy, rows: ids, bodies: kept as string[], version };
    // The page found by an offset is read again with its columns; the ids of a walk, or of matches found
    // first, have their missing answers read by id, not by finding the page again.
    if (plan.strategy === 'offset') return this.readRows(plan, q, approval);
    const answers = await answersByIds(
      this.strapi,
      ids.map((r) => Number(r.id)),
      undefined,
      { replica: approval === 'approved' },
    );
    // (A property deleted since its id was read has no answer: left out.)
    const bodies = ids.map((r) => answers.get(Number(r.id))).filter((b): b is string => b !== undefined);
    return { strategy: plan.strategy, rows: ids, bodies, version };
  }

  /** The page's count: the known one if the rows are of its version, else the one counted alongside (kept for the next page). */
  private async countOf(
    facts: CountFacts,
    read: PageRead,
    counting: Promise<Count> | undefined,
    q: ListingQuery,
    approval: Approval,
    keeps: boolean,
  ): Promise<number> {
    const { known, noneNow, countKey, bound } = facts;
    if (known && (read.rows.length > 0 ? read.version === known.version : noneNow)) {
      listingCounts.touch(countKey);
      return known.n;
    }
    // Without a kept count for this version (or an empty page, which shows no version).
    const fresh = await (counting ?? this.count(q, approval, bound));
    if (fresh.version !== undefined && keeps)
      listingCounts.set(countKey, { version: fresh.version, n: fresh.n });
    return fresh.n;
  }

  /** One page of the listing, read (page() has checked the cache and the search gate). */
  private async readPage(
    q: ListingQuery,
    approval: Approval,
    key: string,
    keeps: boolean,
    readSince: number,
  ): Promise<ListingPageResult> {
    const keepsCount = keeps || (typeof approval === 'object' && approval.countKept === true);
    const facts = await this.countFacts(q, approval, keepsCount);
    const { bound, known } = facts;
    // The count, unless known: started now, awaited where it is needed (a filtered page on PostgreSQL
    // plans from it; otherwise it runs alongside the page).
    const counting = known ? undefined : this.count(q, approval, bound);
    counting?.catch(() => {}); // a failure is thrown where it is awaited, not reported as unhandled meanwhile
    const seek = await this.cursorOf(q, approval);
    // Without a cursor, a page of the bounded listing past the bound is not read by offset: there is
    // nothing there that Next from an earlier page would not find, and skipping that far is the one read
    // that grows with the listing.
    const beyond =
      !seek && bound !== undefined && pastCountBound({ page: q.page, pageSize: q.pageSize }, bound);
    const matches =
      countGuidesPlan(q, this.postgres()) && !beyond ? (known ?? (await counting!)).n : undefined;
    const plan = planPage({
      q,
      approval,
      postgres: this.postgres(),
      versioned: catalogueVersioned(),
      seek,
      beyond,
      matches,
      facets: facts.faceted,
    });
    const read = await this.execute(plan, q, approval);
    this.strapi.log.debug(
      `[listing] ${plan.strategy}${read.strategy === plan.strategy ? '' : ` gave way to ${read.strategy}`} ${key}`,
    );

    // The facets are read (again) when there are none or the catalogue has moved past them.
    if (facts.facets && read.version !== undefined && facts.faceted?.version !== read.version)
      facts.facets.refresh();
    const n = await this.countOf(facts, read, counting, q, approval, keepsCount);
    const bounded = bound !== undefined && n > bound;
    // Refused only where the matches really run past the bound; before it, the page is simply past the
    // last one, and empty.
    if (beyond && bounded) throw new errors.ValidationError(pastCountBoundMessage(bound));
    const more = read.bodies.length > q.pageSize;
    const reversed = seek?.direction === 'before';
    const shown = read.bodies.slice(0, q.pageSize);
    const result: ListingPageResult = {
      bodies: reversed ? shown.reverse() : shown,
      total: bound !== undefined && n > bound ? bound : n,
      bounded,
      hasNext: reversed ? true : more,
      hasPrevious: reversed ? more : seek !== undefined || (q.page > 1 && !beyond),
      strategy: read.strategy,
    };
    if (keeps) listingCache.set(key, result, readSince);
    return result;
  }

  /**
   * One page of the listing as the properties' public JSON (one string each), with the total and
   * whether pages follow and precede it. The approved listing's total is bounded (listingSettings.countBound).
   */
  async page(q: ListingQuery, approval: Approval, visitor = ''): Promise<ListingPageResult> {
    const key = JSON.stringify([approval, q]);
    const keeps = typeof approval !== 'object';
    const cached = keeps ? listingCache.get<ListingPageResult>(key) : undefined;
    if (cached) return { ...cached, strategy: 'cached' };
    const readSince = listingCache.generation();
    // The same page already being read (since the last write heard of) is waited for, not read again:
    // when a popular answer's time in the cache ends, the many asking for it at that moment cost one
    // read and one place in the search gate. If that read was refused its place, each reads its own.
    const joined = keeps ? this.reading.get(key) : undefined;
    if (joined?.since === readSince) {
      const shared = await joined.read.catch((error: unknown) => {
        if (error instanceof TooManyRequestsError) return undefined;
        throw error;
      });
      if (shared) return shared;
    }
    // A text search not kept here waits its turn: at most a few run at once in this process, so
    // many visitors' searches cannot take every connection and core, and one visitor's many take
    // turns with everyone else's (search-gate.ts).
    const searching = approval === 'approved' && (q.search !== undefined || q.location !== undefined);
    const read = (async () => {
      const leave = searching ? await searchGate.enter(visitor) : undefined;
      try {
        return await this.readPage(q, approval, key, keeps, readSince);
      } finally {
        leave?.();
      }
    })();
    if (keeps) {
      this.reading.set(key, { since: readSince, read });
      const done = () => {
        if (this.reading.get(key)?.read === read) this.reading.delete(key);
      };
      read.then(done, done);
    }
    return read;
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const reader = new ListingReader(strapi);
  const map = createMapReader(strapi);
  return {
    page: (q: ListingQuery, approval: Approval, visitor?: string) => reader.page(q, approval, visitor),
    mapPoints: (q: ListingQuery, visitor?: string) => map.points(q, visitor),
    mapClusters: (q: ListingQuery, visitor?: string) => map.clusters(q, visitor),
    /** The points' (or clusters') JSON gzipped, made once per kept answer (off the event loop). */
    mapPointsGzip(points: MapPointsResult): Promise<Buffer> {
      points.gzip ??= gzipAsync(points.json);
      return points.gzip;
    },
    answersByIds: (ids: number[], readVersion?: unknown) => reader.answersByIds(ids, readVersion),
    answersByIdsOn: (connection: Core.Strapi['db']['connection'], ids: number[]) =>
      reader.answersByIdsOn(connection, ids),
  };
};
