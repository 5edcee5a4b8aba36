import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src/lib/markdown';

describe('rich text from the cms', () => {
  it('renders headings, paragraphs, lists, emphasis and links', () => {
    const html = renderMarkdown(
      '## Viewings\n\nBooked **24 hours** ahead, *weekdays* only.\n\n- one\n- two\n\n1. first\n2. second\n\nSee [the terms](/terms).',
    );
    expect(html).toBe(
      '<h2>Viewings</h2>\n<p>Booked <strong>24 hours</strong> ahead, <em>weekdays</em> only.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n<p>See <a href="/terms">the terms</a>.</p>',
    );
  });

  it('escapes markup typed into the cms and drops unsafe links, keeping their words', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)> [y](JaVaScRiPt:alert(1)) [d](data:text/html,hi) [n](//evil.com)',
    );
    expect(html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; x &lt;img src=x onerror=alert(1)&gt; y d n</p>',
    );
  });

  it('keeps web, e-mail, phone, own-path and anchor links; shows no inline images', () => {
    expect(
      renderMarkdown(
        '[a](https://fiehomes.com.gh) [b](mailto:hello@fiehomes.com.gh) [c](tel:+233302000000) [d](/properties) [e](#faq)',
      ),
    ).toBe(
      '<p><a href="https://fiehomes.com.gh">a</a> <a href="mailto:hello@fiehomes.com.gh">b</a> <a href="tel:+233302000000">c</a> <a href="/properties">d</a> <a href="#faq">e</a></p>',
    );
    expect(renderMarkdown('![plan](https://images.example.com/plan.png)')).not.toContain('<img');
  });

  it('reads CommonMark as marketing staff write it: nested lists, code, quotes, hard breaks', () => {
    expect(renderMarkdown('- Rent\n  - Monthly\n\n> Quote\n\nUse `code`  \nnext line')).toBe(
      '<ul>\n<li>Rent\n<ul>\n<li>Monthly</li>\n</ul>\n</li>\n</ul>\n<blockquote>\n<p>Quote</p>\n</blockquote>\n<p>Use <code>code</code><br>\nnext line</p>',
    );
  });

  it('starts headings at the level the page asks for', () => {
    expect(renderMarkdown('# Top', { baseLevel: 3 })).toBe('<h3>Top</h3>');
    expect(renderMarkdown('### Deep')).toBe('<h3>Deep</h3>');
  });
});
