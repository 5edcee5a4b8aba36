import { describe, expect, it } from 'vitest';
import { ISLAND_STYLE_ELEMENT, islandStyleInHead } from '../server/island-styles.mjs';

const page = (head: string, body: string) =>
  Buffer.from(
    `<!doctype html><html lang="en"><head><title>t</title>${head}</head><body>${body}</body></html>`,
  );

describe("Astro's island style", () => {
  it('is Astro’s own rule', () => {
    expect(ISLAND_STYLE_ELEMENT).toBe(
      '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>',
    );
  });

  it('moves from before the first island into the end of the head, once, the rest unchanged', () => {
    const island = '<astro-island uid="1"></astro-island>';
    const out = islandStyleInHead(
      page(
        '<meta name="x">',
        `<main><h2>Send</h2><p>Tell us</p>${ISLAND_STYLE_ELEMENT}<script>a()</script>${island}</main>`,
      ),
    ).toString();
    expect(out).toBe(
      page(
        `<meta name="x">${ISLAND_STYLE_ELEMENT}`,
        `<main><h2>Send</h2><p>Tell us</p><script>a()</script>${island}</main>`,
      ).toString(),
    );
    expect(out.split(ISLAND_STYLE_ELEMENT)).toHaveLength(2);
  });

  it('leaves a page without islands, or without a head, as it was', () => {
    const plain = page('', '<p>No islands</p>');
    expect(islandStyleInHead(plain)).toBe(plain);
    const headless = Buffer.from(`<p>x</p>${ISLAND_STYLE_ELEMENT}`);
    expect(islandStyleInHead(headless)).toBe(headless);
  });

  it('keeps the text of a page in any script (UTF-8 bytes moved, not re-encoded)', () => {
    const out = islandStyleInHead(page('', `<p>GH₵ 4 500 · Accra é ñ</p>${ISLAND_STYLE_ELEMENT}`)).toString(
      'utf8',
    );
    expect(out).toContain('<p>GH₵ 4 500 · Accra é ñ</p>');
    expect(out.indexOf(ISLAND_STYLE_ELEMENT)).toBeLessThan(out.indexOf('</head>'));
  });
});
