// A listing's point on the map. Kept free of zod so the site's map code can import it alone.

/**
 * Ghana's bounding box with a little margin (the country spans about 4.7°N to 11.2°N and 3.3°W to
 * 1.2°E): a point outside it is a typing mistake, such as a swapped pair or a dropped minus sign.
 */
export const GHANA_BOUNDS = Object.freeze({
  minLatitude: 4.5,
  maxLatitude: 11.2,
  minLongitude: -3.3,
  maxLongitude: 1.3,
});

/** Each featured city's rough centre (by slug), where a map opens when there is no point yet. */
export const CITY_CENTRES: Readonly<Record<string, readonly [latitude: number, longitude: number]>> =
  Object.freeze({
    accra: [5.6037, -0.187],
    kumasi: [6.6885, -1.6244],
    takoradi: [4.9016, -1.7831],
    tamale: [9.4034, -0.8424],
    'cape-coast': [5.1053, -1.2466],
    koforidua: [6.0941, -0.2591],
    techiman: [7.5909, -1.9344],
    ho: [6.6008, 0.4713],
  });

/** Decimals the public answers keep: 3 decimals is about 110 m, so a home's exact door is not published. */
export const PUBLIC_COORDINATE_DECIMALS = 3;

const SCALE = 10 ** PUBLIC_COORDINATE_DECIMALS;

/**
 * The edge between the public grid's steps k - 1 and k, (k - 1/2) / SCALE, as one correctly rounded
 * division of whole numbers: the rounding below and the listing's map-area filter (publicGridRange)
 * compare with these same numbers, so both always agree about a point on an edge.
 */
const gridEdge = (k: number) => (2 * k - 1) / (2 * SCALE);

/**
 * The grid step (k, for k / SCALE) of a coordinate, halves away from zero. The map's cluster counts
 * compute the same in SQL (cms map-cells.ts), and are tested against this.
 */
export function gridStep(value: number): number {
  if (value < 0) return -gridStep(-value);
  // Math.round's own product can be a hair off on an edge: settle it against the edges themselves.
  let k = Math.round(value * SCALE);
  if (value < gridEdge(k)) k -= 1;
  else if (value >= gridEdge(k + 1)) k += 1;
  return k;
}

/**
 * A coordinate as the public sees it: rounded to PUBLIC_COORDINATE_DECIMALS, halves away from zero
 * (5.6035 is 5.604 and -0.1865 is -0.187), so the grid is the same on both sides of the meridian.
 */
export function roundCoordinate(value: number): number {
  return gridStep(value) / SCALE + 0;
}

/**
 * The exact coordinates whose public (rounded) value lies from `low` to `high`, both on the grid:
 * `from` (inclusive when `fromIncluded`) to `to` (inclusive when `toIncluded`). Halves go away from
 * zero, so an edge belongs to the step on its far side from zero: a positive step's lower edge is
 * its own, a negative step's upper edge is. What the listing's map-area filter asks of the stored
 * points, so a point is in an area exactly when its rounded point is.
 */
export function publicGridRange(
  low: number,
  high: number,
): { from: number; fromIncluded: boolean; to: number; toIncluded: boolean } {
  const kLow = Math.round(low * SCALE);
  const kHigh = Math.round(high * SCALE);
  return {
    from: gridEdge(kLow),
    fromIncluded: kLow > 0,
    to: gridEdge(kHigh + 1),
    toIncluded: kHigh < 0,
  };
}

/** Whether a point lies in Ghana's bounding box. */
export function inGhana(latitude: number, longitude: number): boolean {
  return (
    latitude >= GHANA_BOUNDS.minLatitude &&
    latitude <= GHANA_BOUNDS.maxLatitude &&
    longitude >= GHANA_BOUNDS.minLongitude &&
    longitude <= GHANA_BOUNDS.maxLongitude
  );
}

/** A listing's point, or both null when it has none. */
export interface Point {
  latitude: number | null;
  longitude: number | null;
}

/** The point as the public answer carries it: rounded, or both null without a (complete) point. */
export function publicPoint(point: {
  latitude?: number | string | null;
  longitude?: number | string | null;
}): Point {
  const exact = exactPoint(point);
  return exact.latitude === null || exact.longitude === null
    ? exact
    : { latitude: roundCoordinate(exact.latitude), longitude: roundCoordinate(exact.longitude) };
}

/** The point as stored (numbers; PostgreSQL may answer text), or both null without a complete one. */
export function exactPoint(point: {
  latitude?: number | string | null;
  longitude?: number | string | null;
}): Point {
  const lat = point.latitude === null || point.latitude === undefined ? null : Number(point.latitude);
  const lon = point.longitude === null || point.longitude === undefined ? null : Number(point.longitude);
  if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon))
    return { latitude: null, longitude: null };
  return { latitude: lat, longitude: lon };
}

/**
 * An area of the map: the `bbox` query parameter, `west,south,east,north` in degrees (the order of
 * GeoJSON and of most map libraries' bounds).
 */
export interface MapArea {
  west: number;
  south: number;
  east: number;
  north: number;
}

const DECIMAL = /^-?\d{1,3}(\.\d{1,12})?$/;
// A little slack against binary fractions: 5.6 * 1000 is 5599.999999999999.
const GRID_SLACK = 1e-7;

/**
 * The area a `bbox` text asks for, its edges moved outward onto the public grid (the
 * PUBLIC_COORDINATE_DECIMALS the answers are rounded to); undefined unless it is four plain decimals,
 * longitudes within ±180 and latitudes within ±90, west not east of east and south not north of north.
 * An area on the grid is asked of the rounded points, so narrowing an area step by step never tells more
 * of a home's place than its rounded point already does.
 */
export function parseMapArea(text: string): MapArea | undefined {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 4 || !parts.every((p) => DECIMAL.test(p))) return undefined;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  const lon = (v: number) => v >= -180 && v <= 180;
  const lat = (v: number) => v >= -90 && v <= 90;
  if (!lon(west) || !lon(east) || !lat(south) || !lat(north) || west > east || south > north)
    return undefined;
  const scale = 10 ** PUBLIC_COORDINATE_DECIMALS;
  // (`+ 0` turns the -0 of Math.ceil(-0.0000001) into 0.)
  const down = (v: number) => Math.floor(v * scale + GRID_SLACK) / scale + 0;
  const up = (v: number) => Math.ceil(v * scale - GRID_SLACK) / scale + 0;
  return { west: down(west), south: down(south), east: up(east), north: up(north) };
}

/** An area as the `bbox` parameter writes it: `west,south,east,north`, at most the grid's decimals each. */
export function formatMapArea(area: MapArea): string {
  const text = (v: number) => String(Number(v.toFixed(PUBLIC_COORDINATE_DECIMALS)));
  return [area.west, area.south, area.east, area.north].map(text).join(',');
}

/** Whether a rounded (public) point lies in an area, edges included: what the listing's `bbox` filter keeps. */
export function inMapArea(point: Point, area: MapArea): boolean {
  if (point.latitude === null || point.longitude === null) return false;
  const lat = roundCoordinate(point.latitude);
  const lon = roundCoordinate(point.longitude);
  return lat >= area.south && lat <= area.north && lon >= area.west && lon <= area.east;
}

/**
 * One point of the listing's map view (GET /products/map): where (rounded, as in every public answer),
 * and what its marker is named by ("GH₵4,500 a month, 2-bed apartment, East Legon"). Nothing more: a
 * city's map is 500 of them.
 */
export interface MapPoint {
  _id: string;
  latitude: number;
  longitude: number;
  /** As every answer gives it: the symbol and the bare amount ("GH₵4500", "$1200"). */
  price: string;
  propertyType: string;
  leaseType: string;
  numberOfBedrooms: number | null;
  location: string;
}

/**
 * The map's zoomed-out view (GET /products/map/clusters) counts the listed points in square cells of
 * the public grid: 10, 100 or 1,000 grid steps a side (0.01, 0.1 and 1 degree, about 1, 11 and 110 km),
 * each point in the cell its rounded point falls in. The counts per cell are kept by the database.
 */
export const MAP_CLUSTER_CELLS = [10, 100, 1000] as const;
export type MapClusterCell = (typeof MAP_CLUSTER_CELLS)[number];
/** The most cells an area is counted in: the finest cell under it is taken. */
export const MAP_CLUSTER_MAX_CELLS = 2500;

/** The cell (along one axis) a grid step falls in, for cells `cell` steps a side. */
export const cellIndex = (step: number, cell: number): number => Math.floor(step / cell);

/** The grid steps of an area's edges (the area on the grid, as parseMapArea answers it). */
export function areaSteps(area: MapArea): { west: number; south: number; east: number; north: number } {
  return {
    west: gridStep(area.west),
    south: gridStep(area.south),
    east: gridStep(area.east),
    north: gridStep(area.north),
  };
}

/**
 * The cells an area is counted in: the finest size whose cells across the area number at most
 * MAP_CLUSTER_MAX_CELLS, the first and last cell each way, and the area widened to those whole cells
 * (what the counts cover: a cell at the edge is counted whole, as the map shows it whole).
 */
export function clusterCellsOf(area: MapArea): {
  cell: MapClusterCell;
  lat: [number, number];
  lng: [number, number];
  widened: MapArea;
} {
  const steps = areaSteps(area);
  const span = (cell: number) => {
    const lat: [number, number] = [cellIndex(steps.south, cell), cellIndex(steps.north, cell)];
    const lng: [number, number] = [cellIndex(steps.west, cell), cellIndex(steps.east, cell)];
    return { lat, lng, n: (lat[1] - lat[0] + 1) * (lng[1] - lng[0] + 1) };
  };
  const cell =
    MAP_CLUSTER_CELLS.find((c) => span(c).n <= MAP_CLUSTER_MAX_CELLS) ??
    MAP_CLUSTER_CELLS[MAP_CLUSTER_CELLS.length - 1]!;
  const { lat, lng } = span(cell);
  const edge = (k: number) => k / SCALE + 0;
  return {
    cell,
    lat,
    lng,
    widened: {
      west: edge(lng[0] * cell),
      south: edge(lat[0] * cell),
      east: edge(lng[1] * cell + cell - 1),
      north: edge(lat[1] * cell + cell - 1),
    },
  };
}

/** One cell of the map's zoomed-out view: its matches' count, at the mean of their rounded points. */
export interface MapCluster {
  latitude: number;
  longitude: number;
  count: number;
}

/**
 * The mean place of a cell's points from the sums of their grid steps, on the grid (a cell of one
 * point is at that point's rounded place, which every answer already gives).
 */
export function clusterPlace(
  latSteps: number,
  lngSteps: number,
  count: number,
): { latitude: number; longitude: number } {
  return {
    latitude: Math.round(latSteps / count) / SCALE + 0,
    longitude: Math.round(lngSteps / count) / SCALE + 0,
  };
}

/** GET /products/map/clusters: the cells, or, when the (widened) area holds few enough, its points. */
export interface MapClusters {
  /** The cells' side in degrees (0.01, 0.1 or 1). */
  cell: number;
  /**
   * The area counted (`west,south,east,north`): the one asked for (Ghana's when none) widened to whole
   * cells; or, when `points` are given, the area asked for itself.
   */
  bbox: string;
  /** How many listed properties with a point match in it. */
  total: number;
  /** The cells with matches (none when `points` is given). */
  clusters: MapCluster[];
  /**
   * The points themselves (as GET /products/map gives them, in the listing's order), when the widened
   * area holds at most MAP_POINTS_LIMIT: those of the area asked for.
   */
  points?: MapPoint[];
}
