import { useEffect, useRef, useState } from 'react';
import { fill } from '@fie/domain/i18n';
import { MapCredit } from '../shared/map-credit';
import type { AreaMapTexts } from '../../i18n/property-islands';

// The property page's small map of the listing's area. The page renders this island `client:visible`,
// so neither it nor Leaflet nor a tile is fetched until the box is scrolled into view; the page's links
// to the area (OpenStreetMap, the phone's maps app) sit outside it and need no JavaScript.

interface Props {
  latitude: number;
  longitude: number;
  /** The place in words, for the map's name ("Map of the area around East Legon, Accra"). */
  place: string;
  tilesUrl: string;
  attribution: string;
  attributionUrl: string | null;
  texts: AreaMapTexts;
}

type State = 'loading' | 'shown' | 'no-tiles' | 'failed';

export default function AreaMap({
  latitude,
  longitude,
  place,
  tilesUrl,
  attribution,
  attributionUrl,
  texts: t,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    let map: { remove: () => void } | undefined;
    let gone = false;
    import('../../lib/map/area-map')
      .then(({ areaMap }) => {
        if (gone || !box.current) return;
        map = areaMap(box.current, { latitude, longitude, tilesUrl, onNoTiles: () => setState('no-tiles') });
        setState((s) => (s === 'loading' ? 'shown' : s));
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      map?.remove();
    };
  }, [latitude, longitude, tilesUrl]);

  return (
    <figure className="mt-3" data-area-map-state={state}>
      <div
        ref={box}
        role="region"
        aria-label={fill(t.mapOf, { place })}
        className="relative z-0 h-64 w-full overflow-hidden rounded-xl border border-stone-200 bg-stone-100 sm:h-72"
      >
        <noscript>
          <p className="p-4 text-sm text-stone-700">{t.mapNeedsScript}</p>
        </noscript>
      </div>
      <figcaption className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-stone-600">
        <span>{t.mapCircle}</span>
        <MapCredit attribution={attribution} attributionUrl={attributionUrl} label={t.mapData} />
      </figcaption>
      {state === 'no-tiles' && (
        <p role="status" className="mt-1 text-sm text-stone-700">
          {t.mapNoTiles}
        </p>
      )}
      {state === 'failed' && (
        <p role="status" className="mt-1 text-sm text-stone-700">
          {t.mapFailed}
        </p>
      )}
    </figure>
  );
}
