// The property form's map, loaded when staff open it: a click sets the listing's point, and the pin can
// be dragged to move it; typed coordinates move the pin (setPoint). The exact point is what staff set;
// the public site rounds it.
import { addCss, baseMap, L } from './leaflet-base';

export interface PinMap {
  setPoint(point: [number, number] | null): void;
  remove(): void;
}

const PIN_CSS = `
.fie-pin-icon{background:none;border:0}
.fie-pin{display:block;width:22px;height:22px;margin:-22px 0 0 -11px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:#9a3412;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)}
.leaflet-marker-icon:focus-visible .fie-pin{outline:3px solid #1d4ed8;outline-offset:2px}
`;

/** Six decimals (about 10 cm): more than any phone's GPS tells, and short in the form. */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export function pinMap(
  element: HTMLElement,
  o: {
    tilesUrl: string;
    centre: [number, number];
    point: [number, number] | null;
    onPick: (latitude: number, longitude: number) => void;
    onNoTiles: () => void;
  },
): PinMap {
  addCss('fie-pin-css', PIN_CSS);
  const map = baseMap(element, o.tilesUrl, o.onNoTiles, {
    center: o.point ?? o.centre,
    zoom: o.point ? 16 : 13,
    minZoom: 6,
  });
  const span = document.createElement('span');
  span.className = 'fie-pin';
  const icon = L.divIcon({ className: 'fie-pin-icon', html: span, iconSize: undefined });
  let pin: L.Marker | undefined;
  const pick = (at: L.LatLng) => o.onPick(round6(at.lat), round6(at.lng));
  const place = (at: L.LatLngExpression) => {
    if (pin) {
      pin.setLatLng(at);
      return;
    }
    pin = L.marker(at, { draggable: true, icon, title: 'Map point (drag to move it)', keyboard: true }).addTo(
      map,
    );
    pin.on('dragend', () => pick(pin!.getLatLng()));
  };
  if (o.point) place(o.point);
  map.on('click', (event: L.LeafletMouseEvent) => {
    place(event.latlng);
    pick(event.latlng);
  });
  return {
    setPoint(point) {
      if (point) place(point);
      else {
        pin?.remove();
        pin = undefined;
      }
    },
    remove: () => map.remove(),
  };
}
