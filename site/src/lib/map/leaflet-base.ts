// What both maps share: Leaflet with its stylesheet, and tiles that tell when none could be loaded.
// Only the maps' lazily loaded modules import this.
import L from 'leaflet';
// As text, added to the page when a map first loads: imported as a stylesheet, Astro would link it from
// the head of every page that has a map island, map shown or not.
import leafletCss from 'leaflet/dist/leaflet.css?inline';

export { L };

/** Adds a stylesheet's text to the page once (by id). The pages' CSP allows inline styles. */
export function addCss(id: string, text: string): void {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = text;
  document.head.append(style);
}

/** Tiles that failed before any loaded, after which the map is taken to have no background. */
const FAILURES_BEFORE_NOTICE = 2;

/**
 * A map in `element` with Leaflet's stylesheet and the tiles of `tilesUrl`; `onNoTiles` is told once when
 * no tile could be loaded (offline, or a bad tile address), and the map stays, on its plain background.
 * Leaflet's attribution control is off: the pages write the attribution themselves, as text, since it
 * comes from a setting.
 */
export function baseMap(
  element: HTMLElement,
  tilesUrl: string,
  onNoTiles: () => void,
  options: L.MapOptions = {},
): L.Map {
  addCss('leaflet-css', leafletCss);
  // Leaflet stacks its panes and controls with z-indexes up to 1000: kept inside the map, so markers
  // never draw over the page's sticky header or its menus when the page scrolls.
  element.style.isolation = 'isolate';
  const map = L.map(element, { attributionControl: false, maxZoom: 18, ...options });
  let loaded = 0;
  let failed = 0;
  let told = false;
  L.tileLayer(tilesUrl, { maxZoom: 18 })
    .on('tileload', () => {
      loaded += 1;
    })
    .on('tileerror', () => {
      failed += 1;
      if (!told && loaded === 0 && failed >= FAILURES_BEFORE_NOTICE) {
        told = true;
        onNoTiles();
      }
    })
    .addTo(map);
  return map;
}
