import type { Core } from '@strapi/strapi';
import {
  clusterCellsOf,
  clusterPlace,
  formatMapArea,
  GHANA_BOUNDS,
  MAP_POINTS_LIMIT,
  parseMapArea,
  priceForApi,
  publicPoint,
  type Currency,
  type ListingQuery,
  type MapCluster,
  type MapClusters,
  type MapPoint,
} from '@fie/domain';
import { listingCache } from './listing-cache';
import { runListingSql, SQLITE_TICK } from './listing-statements';
import { KEPT_FILTERS, mapCellsKept } from './map-cells';
import { keptClustersSql, liveClustersSql, mapSql } from './map-sql';
import type { Sql } from './listing-sql-builders';
import { searchGate } from './search-gate';

// The public listing's map: its points (GET /products/map) and its counts per cell
// (GET /products/map/clusters), read where the public listing's statements run (a standby when set up)
// and kept like its pages.

/**
 * The map view's points as JSON (kept so, as a city's map is asked for again and again), whether more
 * matched, and the JSON gzipped once it is first asked for so.
 */
export type MapPointsResult = { json: string; hasMore: boolean; gzip?: Promise<Buffer> };

interface MapRow {
  document_id: string;
  latitude: number | string;
  longitude: number | string;
  price_amount: number | string;
  currency: string;
  property_type: string;
  lease_type: string;
  number_of_bedrooms: number | string | null;
  location: string;
}

const mapPointOf = (r: MapRow): MapPoint => {
  const point = publicPoint(r);
  return {
    _id: r.document_id,
    latitude: point.latitude!,
    longitude: point.longitude!,
    price: priceForApi(Number(r.price_amount), r.currency as Currency),
    propertyType: r.property_type,
    leaseType: r.lease_type,
    numberOfBedrooms: r.number_of_bedrooms === null ? null : Number(r.number_of_bedrooms),
    location: r.location,
  };
};

/** The map's clusters as JSON (MapClusters), kept as the points are. */
export type MapClustersResult = MapPointsResult;

/** One cell's count and its points' sums of grid steps (numbers, or text for PostgreSQL's bigints). */
interface ClusterRow {
  n: number | string;
  lat_sum: number | string;
  lng_sum: number | string;
}

/** The area of a map asked for without one: Ghana's. */
const GHANA_AREA = {
  west: GHANA_BOUNDS.minLongitude,
  south: GHANA_BOUNDS.minLatitude,
  east: GHANA_BOUNDS.maxLongitude,
  north: GHANA_BOUNDS.maxLatitude,
};

/** The map's two readers, on `strapi`'s database. */
export function createMapReader(strapi: Core.Strapi) {
  const postgres = () => strapi.db.dialect.client === 'postgres';
  /** SQLite's progress limit in each listing WHERE (PostgreSQL's ceiling is its pool's statement_timeout). */
  const guard = () => (postgres() ? undefined : SQLITE_TICK);
  /** The public listing's statements, on the standby when one is set up (checked against the versions heard). */
  const rowsOf = <Row>(statement: Sql) => runListingSql<Row>(strapi, statement, { replica: true });

  /**
   * An answer kept like a listing page: by its filters (its paging is not theirs), for a few seconds or
   * until the catalogue changes, whatever was read meanwhile.
   */
  async function kept(
    kind: string,
    q: ListingQuery,
    read: (filters: Partial<ListingQuery>) => Promise<MapPointsResult>,
  ): Promise<MapPointsResult> {
    const { page: _page, pageSize: _pageSize, after: _after, before: _before, ...filters } = q;
    const key = JSON.stringify([kind, filters]);
    const cached = listingCache.get<MapPointsResult>(key);
    if (cached) return cached;
    const readSince = listingCache.generation();
    const result = await read(filters);
    listingCache.set(key, result, readSince);
    return result;
  }

  /**
   * The public listing's points for its map view (the filters and sort of `q`; its paging is not
   * theirs): kept like a page, for a few seconds or until the catalogue changes, and a text search
   * waits its turn as a page's does.
   */
  function points(q: ListingQuery, visitor = ''): Promise<MapPointsResult> {
    return kept('map', q, async () => {
      const leave =
        q.search !== undefined || q.location !== undefined ? await searchGate.enter(visitor) : undefined;
      try {
        const rows = await rowsOf<MapRow>(mapSql(q, MAP_POINTS_LIMIT, guard()));
        return {
          json: JSON.stringify(rows.slice(0, MAP_POINTS_LIMIT).map(mapPointOf)),
          hasMore: rows.length > MAP_POINTS_LIMIT,
        };
      } finally {
        leave?.();
      }
    });
  }

  /**
   * The map's zoomed-out view (GET /products/map/clusters): the listed points that match, counted per
   * cell of the area (widened to whole cells), from the kept counts when the filters are among those
   * they are kept by, otherwise counted from the properties. When the widened area holds at most
   * MAP_POINTS_LIMIT, the points of the area asked instead, so a town's few homes are shown as
   * themselves. Kept like a page.
   */
  function clusters(q: ListingQuery, visitor = ''): Promise<MapClustersResult> {
    return kept('clusters', q, (filters) => readClusters(q, filters, visitor));
  }

  async function readClusters(
    q: ListingQuery,
    filters: Partial<ListingQuery>,
    visitor: string,
  ): Promise<MapClustersResult> {
    const area = (q.bbox === undefined ? undefined : parseMapArea(q.bbox)) ?? GHANA_AREA;
    const cells = clusterCellsOf(area);
    const widened = { ...q, bbox: formatMapArea(cells.widened) };
    const keptBy = KEPT_FILTERS.flatMap(([name, column]) =>
      q[name] === undefined ? [] : [[column, String(q[name])] as [string, string]],
    );
    const keptAnswers =
      mapCellsKept() &&
      Object.entries(filters).every(
        ([name, value]) =>
          value === undefined || name === 'bbox' || name === 'sort' || KEPT_FILTERS.some(([n]) => n === name),
      );
    // Counted live, a city's area reads every match in it: a turn at the search gate, as a search takes.
    const leave = keptAnswers ? undefined : await searchGate.enter(visitor);
    try {
      const rows = await rowsOf<ClusterRow>(
        keptAnswers
          ? keptClustersSql(cells, keptBy)
          : liveClustersSql(widened, cells.cell, postgres() ? 'postgres' : 'sqlite', guard()),
      );
      const clusters = rows.map((r): MapCluster => {
        const count = Number(r.n);
        return { ...clusterPlace(Number(r.lat_sum), Number(r.lng_sum), count), count };
      });
      const total = clusters.reduce((sum, c) => sum + c.count, 0);
      const answer: MapClusters = {
        cell: cells.cell / 1000,
        bbox: widened.bbox,
        total,
        clusters,
      };
      // Few enough in the widened area, so few enough in the area asked: those, exactly (the list beside
      // the map shows that area's).
      if (total <= MAP_POINTS_LIMIT) {
        const points = await rowsOf<MapRow>(mapSql(q, MAP_POINTS_LIMIT, guard()));
        answer.bbox = formatMapArea(area);
        answer.total = points.length;
        answer.clusters = [];
        answer.points = points.map(mapPointOf);
      }
      return { json: JSON.stringify(answer), hasMore: false };
    } finally {
      leave?.();
    }
  }

  return { points, clusters };
}
