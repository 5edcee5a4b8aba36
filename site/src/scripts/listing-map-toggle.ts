// The listing's Map button: shows the results on a map above the list, and hides it again. The map's
// code (Leaflet and the clustering, about 50 KB) is fetched the first time it is asked for, never on
// the page's load; the list stays the default and, without JavaScript, the only view (the button stays
// hidden). An open map is kept in the address as #map, so a shared or reloaded listing opens with it.
import type { ListingMap, MapTexts } from '../lib/map/listing-map';

const MAP_HASH = '#map';

export function mountMapToggle(): void {
  const box = document.querySelector<HTMLElement>('#listing-map');
  if (!box) return;
  let map: Promise<ListingMap> | undefined;
  let open = false;

  const sync = () => {
    const button = document.querySelector<HTMLButtonElement>('#map-toggle');
    if (!button) return;
    button.hidden = false;
    button.setAttribute('aria-pressed', String(open));
    // The words come from the page, in its language.
    button.querySelector('[data-label]')!.textContent =
      (open ? button.dataset.hideLabel : button.dataset.showLabel) ?? '';
  };

  const keepHash = (on: boolean) => {
    const url = location.pathname + location.search + (on ? MAP_HASH : '');
    history.replaceState(history.state, '', url);
  };

  async function show(): Promise<void> {
    open = true;
    box!.hidden = false;
    sync();
    keepHash(true);
    map ??= import('../lib/map/listing-map').then((m) =>
      m.mountListingMap(box!, {
        tilesUrl: box!.dataset.tiles!,
        attribution: box!.dataset.attribution!,
        attributionUrl: box!.dataset.attributionUrl || null,
        texts: JSON.parse(box!.dataset.texts!) as MapTexts,
      }),
    );
    try {
      await (await map).show(location.search);
    } catch {
      map = undefined;
      box!.textContent = document.querySelector<HTMLElement>('#map-toggle')?.dataset.failed ?? '';
    }
  }

  function hide(): void {
    open = false;
    box!.hidden = true;
    sync();
    keepHash(false);
  }

  document.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('#map-toggle')) return;
    if (open) hide();
    else void show();
  });
  // The listing swapped its results (a filter, a page, Search this area): the button is a new one, and
  // an open map shows the new results.
  document.addEventListener('listing:updated', () => {
    sync();
    if (open) void show();
  });
  sync();
  if (location.hash === MAP_HASH) void show();
}
