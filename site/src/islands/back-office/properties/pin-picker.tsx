import { useEffect, useRef, useState } from 'react';
import { MapCredit } from '../../shared/map-credit';
import { CITY_CENTRES } from '@fie/domain/coordinates';
import type { PinMap } from '../../../lib/map/pin-map';

// The property form's "Pick on the map": a click sets the point, the pin drags; the typed fields stay
// the way to set it by keyboard (and move the pin). The map's code loads when this opens.

interface Props {
  latitude: string;
  longitude: string;
  /** The form's city (slug), where the map opens when there is no point yet. */
  city: string;
  onPick: (latitude: number, longitude: number) => void;
}

/** The tile settings the staff page carries (StaffPage.astro), read from the environment at the site's start. */
function tileSettings(): { url: string; attribution: string; attributionUrl: string | null } {
  const node = document.getElementById('map-tiles');
  return {
    url: node?.dataset.tiles ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: node?.dataset.attribution ?? '© OpenStreetMap contributors',
    attributionUrl: node?.dataset.attributionUrl || null,
  };
}

const pointOf = (latitude: string, longitude: string): [number, number] | null => {
  const lat = Number(latitude);
  const lon = Number(longitude);
  return latitude.trim() && longitude.trim() && Number.isFinite(lat) && Number.isFinite(lon)
    ? [lat, lon]
    : null;
};

export function PinPicker({ latitude, longitude, city, onPick }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<PinMap | undefined>(undefined);
  // The latest onPick, for the map made once.
  const picked = useRef(onPick);
  useEffect(() => {
    picked.current = onPick;
  });
  const [state, setState] = useState<'loading' | 'shown' | 'no-tiles' | 'failed'>('loading');
  const [tiles] = useState(tileSettings);

  useEffect(() => {
    let gone = false;
    import('../../../lib/map/pin-map')
      .then(({ pinMap }) => {
        if (gone || !box.current) return;
        map.current = pinMap(box.current, {
          tilesUrl: tiles.url,
          centre: [...(CITY_CENTRES[city] ?? CITY_CENTRES.accra!)] as [number, number],
          point: pointOf(latitude, longitude),
          onPick: (lat, lon) => picked.current(lat, lon),
          onNoTiles: () => setState('no-tiles'),
        });
        setState((s) => (s === 'loading' ? 'shown' : s));
      })
      .catch(() => !gone && setState('failed'));
    return () => {
      gone = true;
      map.current?.remove();
      map.current = undefined;
    };
    // Made once; the point follows below, the city only decides where an empty map opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    map.current?.setPoint(pointOf(latitude, longitude));
  }, [latitude, longitude, state]);

  return (
    <div className="mt-3" data-pin-map-state={state}>
      <div
        ref={box}
        role="region"
        aria-label="Map to pick the point: click to set it, drag the pin to move it"
        className="relative z-0 h-64 w-full overflow-hidden rounded-lg border border-stone-300 bg-stone-100"
      />
      <p className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-stone-600">
        <span>Click the map to set the point; drag the pin to move it.</span>
        <MapCredit attribution={tiles.attribution} attributionUrl={tiles.attributionUrl} label="Map data" />
      </p>
      {state === 'no-tiles' && (
        <p role="status" className="mt-1 text-sm text-stone-700">
          The map's streets could not be loaded; the point can still be set on the plain map or typed above.
        </p>
      )}
      {state === 'failed' && (
        <p role="status" className="mt-1 text-sm text-stone-700">
          The map could not be loaded. Type the point above.
        </p>
      )}
    </div>
  );
}
