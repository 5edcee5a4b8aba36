// The property page's map, loaded only when its box scrolls into view (the island imports this module
// then): the tiles and a circle round the listing's public (rounded) point. A circle rather than a pin,
// as the point is only the area.
import { baseMap, L } from './leaflet-base';

export interface AreaMapOptions {
  latitude: number;
  longitude: number;
  tilesUrl: string;
  /** Told once when no tile could be loaded: the map stays, plain. */
  onNoTiles: () => void;
}

/** About the rounding of the public point (3 decimals, up to about 80 m off) and a street either side. */
const AREA_RADIUS_M = 250;

export function areaMap(element: HTMLElement, o: AreaMapOptions): { remove: () => void } {
  const map = baseMap(element, o.tilesUrl, o.onNoTiles, {
    center: [o.latitude, o.longitude],
    zoom: 15,
    minZoom: 11,
    // A page scrolls past the map: the wheel scrolls the page, one finger on a phone too.
    scrollWheelZoom: false,
    dragging: !L.Browser.mobile,
  });
  L.circle([o.latitude, o.longitude], {
    radius: AREA_RADIUS_M,
    color: '#b45309',
    weight: 2,
    fillColor: '#f59e0b',
    fillOpacity: 0.2,
    interactive: false,
  }).addTo(map);
  return { remove: () => map.remove() };
}
