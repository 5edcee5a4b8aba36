import { publicPoint } from '@fie/domain/coordinates';

/**
 * The OpenStreetMap page of a listing's area, centred on its public (rounded) point at street level;
 * null without a point. A plain link, so it works without JavaScript and costs nothing on load.
 */
export function areaMapLink(p: { latitude?: number | null; longitude?: number | null }): string | null {
  const { latitude, longitude } = publicPoint(p);
  if (latitude === null || longitude === null) return null;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
}

/**
 * The same point for the phone's own maps app (a `geo:` link, which Android opens in the maps app the
 * owner chose); null without a point.
 */
export function phoneMapLink(p: { latitude?: number | null; longitude?: number | null }): string | null {
  const { latitude, longitude } = publicPoint(p);
  if (latitude === null || longitude === null) return null;
  return `geo:${latitude},${longitude}?z=16`;
}
