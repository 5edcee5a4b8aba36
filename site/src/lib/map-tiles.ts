import { mapTileSettings } from '../../server/map-tiles.mjs';

/** The map's tiles and attribution (MAP_TILES_URL, MAP_ATTRIBUTION), read once when the server starts. */
export const MAP_TILES = mapTileSettings();
