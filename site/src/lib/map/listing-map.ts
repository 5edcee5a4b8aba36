// The listing's map view, loaded when a visitor first asks for it (the Map button): the current results
// (the listing's own filters) as markers, each a keyboard-reachable button named in words that opens a
// small card; and "Search this area", which asks the listing for the map's bounds (bbox) with the other
// filters kept. Zoomed out, the map shows counts per area (GET /api/products/map/clusters, counted by
// the cms), or the results themselves when they are few; zoomed in to streets, the results in view
// (GET /api/products/map). Moving the map asks again for what is in view.
import clusterCss from 'leaflet.markercluster/dist/MarkerCluster.css?inline';
import clusterLookCss from 'leaflet.markercluster/dist/MarkerCluster.Default.css?inline';
import {
  formatMapArea,
  GHANA_BOUNDS,
  parseMapArea,
  type MapCluster,
  type MapClusters,
  type MapPoint,
} from '@fie/domain/coordinates';
import { formatPrice } from '@fie/domain/price-format';
import { fill } from '@fie/domain/i18n';
import { addCss, baseMap, L } from './leaflet-base';

export interface MapSettings {
  tilesUrl: string;
  attribution: string;
  attributionUrl: string | null;
  texts: MapTexts;
}

/**
 * The map's words in the page's language, given by the page (ListingView.astro) so this lazily loaded
 * code carries none. Texts name their values as {placeholders}.
 */
export interface MapTexts {
  aMonth: string;
  bedKind: string;
  cardKind: string;
  lease: Record<string, string>;
  /** The property types as the page's language writes them. */
  types: Record<string, string>;
  viewProperty: string;
  propertyPath: string;
  ofResults: string;
  searchArea: string;
  sameResults: string;
  mapData: string;
  loading: string;
  loadFailed: string;
  none: string;
  first: string;
  onOne: string;
  onOther: string;
  noStreets: string;
  cluster: string;
  /** The status line over counted areas: "{count} properties in this part of the map: zoom in…". */
  clustered: string;
  /** The page's language tag, for its plural rules and its prices' digit grouping. */
  locale: string;
}

export interface ListingMap {
  /** Shows the results of a listing URL's query (`?city=accra&…`). */
  show(search: string): Promise<void>;
  remove(): void;
}

/** The listing's parameters that are not filters: the map shows every page's results. */
const NOT_FILTERS = ['page', 'pageSize', 'after', 'before', 'advanced'];

/** From this zoom in (streets), the map asks for the results in view themselves, not their counts. */
const POINTS_ZOOM = 15;

/** What the map shows: results, all of them or the first MAP_POINTS_LIMIT, or counts per area. */
type Shown =
  | { kind: 'points'; points: MapPoint[]; more: boolean }
  | { kind: 'clusters'; clusters: MapCluster[]; total: number; cell: number };

const MARKER_CSS = `
.fie-marker-icon{background:none;border:0}
.fie-marker{display:inline-block;transform:translate(-50%,-50%);white-space:nowrap;border-radius:9999px;background:#9a3412;color:#fff;font:600 12px/1 system-ui,sans-serif;padding:5px 8px;box-shadow:0 1px 3px rgba(0,0,0,.35)}
.leaflet-marker-icon:focus-visible .fie-marker,.leaflet-marker-icon:focus-visible .fie-cluster{outline:3px solid #1d4ed8;outline-offset:2px}
.fie-cluster-icon{background:none;border:0}
.fie-cluster{display:flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:9999px;background:#fff7ed;border:3px solid #9a3412;color:#7c2d12;font:700 13px/1 system-ui,sans-serif}
.fie-card{font:14px/1.4 system-ui,sans-serif;color:#1c1917;min-width:11rem}
.fie-card p{margin:0 0 2px}
.fie-card .fie-card-price{font-weight:800;font-size:16px}
.fie-card a{display:inline-block;margin-top:6px;font-weight:600;color:#9a3412;text-decoration:underline}
`;

/** "GH₵4,500 a month" from the API's "GH₵4500" (a sale has no "a month"). */
function priceWords(p: MapPoint, t: MapTexts): string {
  const m = /^(GH₵|\$)(\d+(?:\.\d+)?)$/.exec(p.price);
  const text = m ? formatPrice(Number(m[2]), m[1] === '$' ? 'USD' : 'GHS', t.locale) : p.price;
  return p.leaseType === 'Rent' ? fill(t.aMonth, { price: text }) : text;
}

/** "2-bed apartment" */
function kindWords(p: MapPoint, t: MapTexts): string {
  const type = (t.types[p.propertyType] ?? p.propertyType).toLowerCase();
  return p.numberOfBedrooms ? fill(t.bedKind, { count: p.numberOfBedrooms, type }) : type;
}

/** A marker's name: "GH₵4,500 a month, 2-bed apartment, East Legon". */
const markerName = (p: MapPoint, t: MapTexts) => `${priceWords(p, t)}, ${kindWords(p, t)}, ${p.location}`;

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A count short enough for its 40-pixel circle: "7", "5.6K", "282K". */
const clusterLabel = (n: number) =>
  n < 10_000
    ? compact.format(n)
    : new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 0 }).format(n);

/** How many results a marker stands for: an area's count, or one. */
const countOf = (marker: L.Marker): number => (marker.options as { count?: number }).count ?? 1;
/** The marker's own short label: "GH₵4.5K". */
function shortPrice(p: MapPoint): string {
  const m = /^(GH₵|\$)(\d+(?:\.\d+)?)$/.exec(p.price);
  return m ? `${m[1]}${compact.format(Number(m[2]))}` : p.price;
}

/** An element with text (never HTML: every value here came from a listing). */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function card(p: MapPoint, t: MapTexts): HTMLElement {
  const box = el('div', undefined, 'fie-card');
  const kind = kindWords(p, t);
  box.append(
    el('p', priceWords(p, t), 'fie-card-price'),
    el(
      'p',
      fill(t.cardKind, {
        kind: `${kind[0]!.toUpperCase()}${kind.slice(1)}`,
        lease: t.lease[p.leaseType] ?? p.leaseType,
      }),
    ),
    el('p', p.location),
  );
  const link = el('a', t.viewProperty);
  link.href = `${t.propertyPath}${encodeURIComponent(p._id)}`;
  box.append(link);
  return box;
}

/** The icon's element carries its name; the marker's own element (Leaflet's, made later) takes it (nameMarkers). */
function labelled(text: string, name: string, className: string): HTMLElement {
  const span = el('span', text, className);
  span.dataset.name = name;
  span.setAttribute('aria-hidden', 'true');
  return span;
}

/**
 * Leaflet makes a marker's focusable element when the marker is shown (clusters come and go with the
 * zoom): each one is given its icon's name and the role of a button as it appears.
 */
function nameMarkers(pane: HTMLElement): MutationObserver {
  const name = (node: Element) => {
    const inner = node.querySelector<HTMLElement>('[data-name]');
    if (!inner) return;
    node.setAttribute('aria-label', inner.dataset.name!);
    node.setAttribute('role', 'button');
    node.removeAttribute('title');
  };
  pane.querySelectorAll('.leaflet-marker-icon').forEach(name);
  const observer = new MutationObserver((changes) => {
    for (const change of changes)
      change.addedNodes.forEach((node) => {
        if (node instanceof Element && node.classList.contains('leaflet-marker-icon')) name(node);
      });
  });
  observer.observe(pane, { childList: true });
  return observer;
}

/** The map's bounds as the listing's bbox (on the public grid), within the world's ranges. */
function boundsArea(bounds: L.LatLngBounds): string | undefined {
  const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  const area = parseMapArea(
    [
      clamp(bounds.getWest(), 180),
      clamp(bounds.getSouth(), 90),
      clamp(bounds.getEast(), 180),
      clamp(bounds.getNorth(), 90),
    ]
      .map((v) => v.toFixed(6))
      .join(','),
  );
  return area && formatMapArea(area);
}

export async function mountListingMap(container: HTMLElement, settings: MapSettings): Promise<ListingMap> {
  // leaflet.markercluster extends the global L (it is a UMD script).
  (window as unknown as { L: typeof L }).L = L;
  const t = settings.texts;
  const plural = new Intl.PluralRules(t.locale);
  const count = new Intl.NumberFormat(t.locale);
  await import('leaflet.markercluster');
  addCss('leaflet-cluster-css', clusterCss + clusterLookCss + MARKER_CSS);

  container.replaceChildren();
  const frame = el('div', undefined, 'relative');
  const region = el(
    'div',
    undefined,
    'h-[60vh] max-h-[32rem] min-h-72 w-full overflow-hidden rounded-xl border border-stone-200 bg-stone-100',
  );
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', t.ofResults);
  region.setAttribute('aria-describedby', 'listing-map-note');
  const searchArea = el(
    'button',
    t.searchArea,
    'absolute left-1/2 top-3 z-[1000] -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-md ring-1 ring-stone-300 hover:bg-brand-50',
  );
  searchArea.type = 'button';
  searchArea.hidden = true;
  frame.append(region, searchArea);
  const status = el('p', undefined, 'mt-2 text-sm text-stone-700');
  status.setAttribute('role', 'status');
  const note = el('p', t.sameResults, 'text-xs text-stone-600');
  note.id = 'listing-map-note';
  const credit = el('p', `${t.mapData} `, 'text-xs text-stone-600');
  if (settings.attributionUrl) {
    const a = el('a', settings.attribution, 'underline underline-offset-2');
    a.href = settings.attributionUrl;
    a.rel = 'noopener';
    credit.append(a);
  } else credit.append(settings.attribution);
  const foot = el('div', undefined, 'flex flex-wrap justify-between gap-x-3');
  foot.append(note, credit);
  container.append(frame, status, foot);

  let noTiles = false;
  const map = baseMap(
    region,
    settings.tilesUrl,
    () => {
      noTiles = true;
      status.textContent = `${status.textContent} ${t.noStreets}`;
    },
    { minZoom: 6, maxBounds: L.latLngBounds([3, -5], [12.5, 3]) },
  );
  const markers = L.markerClusterGroup({
    showCoverageOnHover: false,
    maxClusterRadius: 50,
    // A marker stands for one result or, zoomed out, for an area's count (its `count`): a group of them shows their sum.
    iconCreateFunction: (cluster) =>
      clusterIcon(cluster.getAllChildMarkers().reduce((sum, m) => sum + countOf(m), 0)),
  });
  map.addLayer(markers);
  const observer = nameMarkers(map.getPane('markerPane')!);

  // "Search this area" appears once the visitor has moved the map, not when it is fitted to the results.
  let fitting = false;
  map.on('movestart', () => {
    if (!fitting) searchArea.hidden = false;
  });
  searchArea.addEventListener('click', () => {
    const bbox = boundsArea(map.getBounds());
    if (!bbox) return;
    const params = new URLSearchParams(location.search);
    for (const key of NOT_FILTERS) params.delete(key);
    params.set('bbox', bbox);
    searchArea.hidden = true;
    document.dispatchEvent(
      new CustomEvent('listing:navigate', { detail: `${location.pathname}?${params.toString()}` }),
    );
  });

  function clusterIcon(n: number): L.DivIcon {
    return L.divIcon({
      className: 'fie-cluster-icon',
      iconSize: L.point(40, 40),
      html: labelled(clusterLabel(n), fill(t.cluster, { count: count.format(n) }), 'fie-cluster'),
    });
  }

  function draw(shown: Shown): void {
    markers.clearLayers();
    if (shown.kind === 'points') {
      const { points, more } = shown;
      markers.addLayers(
        points.map((p) =>
          L.marker([p.latitude, p.longitude], {
            icon: L.divIcon({
              className: 'fie-marker-icon',
              iconSize: undefined,
              html: labelled(shortPrice(p), markerName(p, t), 'fie-marker'),
            }),
            keyboard: true,
          }).bindPopup(() => card(p, t)),
        ),
      );
      status.textContent =
        points.length === 0
          ? t.none
          : more
            ? fill(t.first, { count: points.length })
            : fill(plural.select(points.length) === 'one' ? t.onOne : t.onOther, { count: points.length });
    } else {
      markers.addLayers(
        shown.clusters.map((c) =>
          // Pressed, it zooms in on its area, where the counts split up (and, nearer, become the results).
          L.marker([c.latitude, c.longitude], {
            icon: clusterIcon(c.count),
            keyboard: true,
            count: c.count,
          } as L.MarkerOptions).on('click', () =>
            map.setView([c.latitude, c.longitude], Math.min(map.getZoom() + 2, 18)),
          ),
        ),
      );
      status.textContent = fill(t.clustered, { count: count.format(shown.total) });
    }
    if (noTiles) status.textContent += ` ${t.noStreets}`;
  }

  /** What the map shows for these filters (and area): the results, or the counts when they are many and the map is zoomed out. */
  async function ask(params: URLSearchParams, zoom: number | undefined, signal: AbortSignal): Promise<Shown> {
    if (zoom !== undefined && zoom >= POINTS_ZOOM) {
      const res = await fetch(`/api/products/map?${params.toString()}`, { signal });
      if (!res.ok) throw new Error(String(res.status));
      return {
        kind: 'points',
        points: (await res.json()) as MapPoint[],
        more: res.headers.get('x-has-more') === 'true',
      };
    }
    const res = await fetch(`/api/products/map/clusters?${params.toString()}`, { signal });
    if (!res.ok) throw new Error(String(res.status));
    const answer = (await res.json()) as MapClusters;
    return answer.points
      ? { kind: 'points', points: answer.points, more: false }
      : { kind: 'clusters', clusters: answer.clusters, total: answer.total, cell: answer.cell };
  }

  let asked: AbortController | undefined;
  /** The filters shown, and whether every one of their results is on the map already (no need to ask again on a move). */
  let filters: URLSearchParams | undefined;
  let complete = false;

  async function show(search: string): Promise<void> {
    asked?.abort();
    asked = new AbortController();
    const params = new URLSearchParams(search);
    for (const key of NOT_FILTERS) params.delete(key);
    filters = params;
    complete = false;
    status.textContent = t.loading;
    let shown: Shown;
    try {
      shown = await ask(params, undefined, asked.signal);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      status.textContent = t.loadFailed;
      return;
    }
    draw(shown);
    // Every result is on the map: moving it changes nothing (the list changes with "Search this area").
    complete = shown.kind === 'points' && !shown.more;
    // The area searched, else the results (the whole cells counted, not only their middles), else Ghana.
    const area = params.get('bbox') ? parseMapArea(params.get('bbox')!) : undefined;
    const places: [number, number][] =
      shown.kind === 'points'
        ? shown.points.map((p) => [p.latitude, p.longitude])
        : shown.clusters.flatMap((c) => {
            // A cell's points, so their mean too, lie in it: its corners from the mean.
            const south = Math.floor(c.latitude / shown.cell) * shown.cell;
            const west = Math.floor(c.longitude / shown.cell) * shown.cell;
            return [
              [south, west],
              [south + shown.cell, west + shown.cell],
            ] as [number, number][];
          });
    const bounds = area
      ? L.latLngBounds([area.south, area.west], [area.north, area.east])
      : places.length > 0
        ? L.latLngBounds(places)
        : L.latLngBounds(
            [GHANA_BOUNDS.minLatitude, GHANA_BOUNDS.minLongitude],
            [GHANA_BOUNDS.maxLatitude, GHANA_BOUNDS.maxLongitude],
          );
    fitting = true;
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15, animate: false });
    fitting = false;
    searchArea.hidden = true;
    // Counts were for the whole of it: now for the area the map was fitted to, in finer cells.
    if (shown.kind === 'clusters') await showView();
  }

  /**
   * The results (or counts) in the map's view, with the filters shown (within their area, if they
   * have one): after the map moves, when the results were too many to show each one.
   */
  async function showView(): Promise<void> {
    if (!filters || complete) return;
    const view = parseMapArea(boundsArea(map.getBounds().pad(0.2)) ?? '');
    if (!view) return;
    const searched = filters.get('bbox') ? parseMapArea(filters.get('bbox')!) : undefined;
    const area = searched
      ? {
          west: Math.max(view.west, searched.west),
          south: Math.max(view.south, searched.south),
          east: Math.min(view.east, searched.east),
          north: Math.min(view.north, searched.north),
        }
      : view;
    if (area.west > area.east || area.south > area.north) return;
    asked?.abort();
    asked = new AbortController();
    const params = new URLSearchParams(filters);
    params.set('bbox', formatMapArea(area));
    try {
      draw(await ask(params, map.getZoom(), asked.signal));
    } catch (error) {
      if ((error as Error).name !== 'AbortError') status.textContent = t.loadFailed;
    }
  }
  let moved: ReturnType<typeof setTimeout> | undefined;
  map.on('moveend', () => {
    if (fitting) return;
    clearTimeout(moved);
    moved = setTimeout(() => void showView(), 250);
  });

  return {
    show,
    remove() {
      clearTimeout(moved);
      asked?.abort();
      observer.disconnect();
      map.remove();
      container.replaceChildren();
    },
  };
}
