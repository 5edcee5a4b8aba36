// The map's tiles: where they come from and whose they are, settings read once when the server starts
// (never baked into a build, so one build can point at OpenStreetMap, a self-hosted tile server or a
// paid one). The pages' Content-Security-Policy allows images from the tiles' origin (an https origin is
// allowed already, as staff may link listing photos from any https address).

/** OpenStreetMap's standard tiles: free for light use under its tile usage policy, which asks for the attribution. */
export const DEFAULT_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The tile settings of `env` (MAP_TILES_URL, MAP_ATTRIBUTION): the URL template, the attribution, and
 * the template's origin. A template that is not an http(s) URL holding {z}, {x} and {y} stops the start
 * with a message saying so, rather than a map that never shows.
 */
export function mapTileSettings(env = process.env) {
  const url = env.MAP_TILES_URL?.trim() || DEFAULT_TILES_URL;
  const attribution = env.MAP_ATTRIBUTION?.trim() || DEFAULT_ATTRIBUTION;
  let origin;
  try {
    const parsed = new URL(url.replace(/\{[a-z]\}/g, 'a'));
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http');
    origin = parsed.origin;
  } catch {
    throw new Error(
      `MAP_TILES_URL must be an http(s) URL template such as ${DEFAULT_TILES_URL} (got ${url})`,
    );
  }
  // {s}: the map spreads tiles over subdomains (a, b, c), so the policy must allow them all. A
  // Content-Security-Policy can say so only for the host's first label (*.tiles.example).
  const host = /^https?:\/\/([^/]*)/i.exec(url)?.[1] ?? '';
  if (host.includes('{s}')) {
    if (!host.startsWith('{s}.') || host.indexOf('{s}', 1) !== -1)
      throw new Error(
        `MAP_TILES_URL's {s} must be the first part of the host name, as in https://{s}.tiles.example/{z}/{x}/{y}.png (got ${url})`,
      );
    origin = origin.replace('//a.', '//*.');
  }
  for (const part of ['{z}', '{x}', '{y}'])
    if (!url.includes(part))
      throw new Error(`MAP_TILES_URL must hold {z}, {x} and {y}, as ${DEFAULT_TILES_URL} does (got ${url})`);
  // OpenStreetMap's own tiles link their attribution to its copyright page, as its policy asks.
  const attributionUrl =
    origin === 'https://tile.openstreetmap.org' ? 'https://www.openstreetmap.org/copyright' : null;
  return { url, attribution, attributionUrl, origin };
}
