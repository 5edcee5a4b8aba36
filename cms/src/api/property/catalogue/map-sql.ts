import type { ListingQuery } from '@fie/domain';
import { join, orderOf, sql, whereOf, type Sql } from './listing-sql-builders';
import { cellSql, gridStepSql, MAP_CELLS_TABLE } from './map-cells';

// The map's SQL: its points (GET /products/map) and its counts per cell (GET /products/map/clusters),
// with the listing's own filters and order (listing-sql-builders.ts).

/** The columns of the map view's points (GET /products/map): where, what and how much, not whole cards. */
const MAP_COLUMNS =
  'p.document_id, p.latitude, p.longitude, p.price_amount, p.currency, p.property_type, p.lease_type, p.number_of_bedrooms, p.location';

/**
 * The public listing's points for its map: the first `limit` (and one more, which tells that more
 * matched) of the listed properties that match and have a point, in the listing's order, so the map
 * shows the same properties first that the list beside it does.
 */
export function mapSql(q: ListingQuery, limit: number, guard?: string): Sql {
  const where = whereOf(q, 'approved', undefined, guard);
  return join(
    sql(`select ${MAP_COLUMNS} from properties p`),
    where,
    sql('and p.latitude is not null and p.longitude is not null'),
    sql(`${orderOf(q)} limit ?`, [limit + 1]),
  );
}

/** Cells of the map's zoomed-out view (clusterCellsOf in @fie/domain): their size and first and last each way. */
export interface ClusterCells {
  cell: number;
  lat: [number, number];
  lng: [number, number];
}

/**
 * The kept counts of the listed points per cell (catalogue/map-cells.ts) in the cells' range, with the
 * kept filters the query has (`filters`: column and value), summed over those it does not.
 */
export function keptClustersSql(cells: ClusterCells, filters: [column: string, value: string][]): Sql {
  return sql(
    `select lat_cell, lng_cell, sum(n) as n, sum(lat_sum) as lat_sum, sum(lng_sum) as lng_sum from ${MAP_CELLS_TABLE}` +
      ` where cell = ? and lat_cell between ? and ? and lng_cell between ? and ?${filters.map(([c]) => ` and ${c} = ?`).join('')}` +
      ' group by lat_cell, lng_cell having sum(n) > 0 order by lat_cell, lng_cell',
    [cells.cell, ...cells.lat, ...cells.lng, ...filters.map(([, v]) => v)],
  );
}

/**
 * The same counted from the properties themselves, for filters the counts are not kept by (a search,
 * a price range, bedrooms): `q` carries the area widened to the whole cells, so both count the same.
 */
export function liveClustersSql(
  q: ListingQuery,
  cell: number,
  dialect: 'postgres' | 'sqlite',
  guard?: string,
): Sql {
  return join(
    sql(
      `select ${cellSql('x.klat', String(cell), dialect)} as lat_cell, ${cellSql('x.klng', String(cell), dialect)} as lng_cell,` +
        ' count(*) as n, sum(x.klat) as lat_sum, sum(x.klng) as lng_sum from' +
        ` (select ${gridStepSql('p.latitude', dialect)} as klat, ${gridStepSql('p.longitude', dialect)} as klng from properties p`,
    ),
    whereOf(q, 'approved', undefined, guard),
    sql('and p.latitude is not null and p.longitude is not null) x group by 1, 2 order by 1, 2'),
  );
}
