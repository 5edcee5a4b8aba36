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

/** Decimals the public answers keep: 3 decimals is about 110 m, so a home's exact door is not published. */
export const PUBLIC_COORDINATE_DECIMALS = 3;

/** A coordinate as the public sees it (rounded to PUBLIC_COORDINATE_DECIMALS). */
export function roundCoordinate(value: number): number {
  const scale = 10 ** PUBLIC_COORDINATE_DECIMALS;
  // Number.EPSILON keeps 5.6035 from rounding down as 5.603499999.
  return Math.round((value + Math.sign(value) * Number.EPSILON) * scale) / scale;
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
