import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../src/lib/markdown';

describe('rich text from the cms', () => {
  it('renders headings, paragraphs, lists, emphasis and links', () => {
    const html = renderMarkdown('## Viewings\n\nBooked **24 hours** ahead, *weekdays* only.\n\n- one\n- two\n\n1. first\n2. second\n\nSee [the terms](/terms).');
    expect(html).toBe(
      '<h2>Viewings</h2>\n<p>Booked <strong>24 hours</strong> ahead, <em>weekdays</em> only.</p>\n<ul><li>one</li><li>two</li></ul>\n<ol><li>first</li><li>second</li></ol>\n<p>See <a href="/terms">the terms</a>.</p>',
    );
  });

  it('escapes markup typed into the cms and drops unsafe links', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;');
  });

  it('starts headings at the level the page asks for', () => {
    expect(renderMarkdown('# Top', { baseLevel: 3 })).toBe('<h3>Top</h3>');
    expect(renderMarkdown('### Deep')).toBe('<h3>Deep</h3>');
  });
});
