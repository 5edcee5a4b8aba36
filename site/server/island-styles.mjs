// Astro writes its islands' one style rule (`astro-island{display:contents}` and the like) inline just
// before the first island of a page, so a page with an island has a <style> inside <body>, which HTML
// does not allow (the W3C checker reports it wherever it is not its parent's first child: the contact
// page's enquiry form). Astro does this for every server-rendered page; here the rendered page's copy
// is moved to the end of its <head>. The text is Astro's own constant, so the two cannot drift apart.
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

export const ISLAND_STYLE_ELEMENT = `<style>${ISLAND_STYLES}</style>`;
const ELEMENT = Buffer.from(ISLAND_STYLE_ELEMENT);
const HEAD_END = Buffer.from('</head>');

/**
 * A rendered HTML page (a Buffer) with Astro's island style moved from its body into its head; any
 * other page, or one without the style or a head, unchanged (the same Buffer).
 * @param {Buffer} html
 * @returns {Buffer}
 */
export function islandStyleInHead(html) {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  const at = html.indexOf(ELEMENT, headEnd);
  if (at < 0) return html;
  return Buffer.concat([
    html.subarray(0, headEnd),
    ELEMENT,
    html.subarray(headEnd, at),
    html.subarray(at + ELEMENT.length),
  ]);
}
