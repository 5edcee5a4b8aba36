// Renders the cms's rich text (Markdown written by marketing staff) to HTML on the server, with
// markdown-it (CommonMark). Raw HTML is refused (`html: false`: typed markup comes out as text), links
// may only go to web pages, e-mail, phone numbers, the site's own paths or anchors, and images are
// off (a photo belongs in the cms's media fields, with its size, not inline in copy).
import MarkdownIt from 'markdown-it';

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.disable('image');
// Every link is parsed; one that goes anywhere else keeps its words and loses its anchor (below),
// instead of showing its Markdown source.
md.validateLink = () => true;
md.core.ruler.push('fie_safe_links', (state) => {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const dropped: number[] = [];
    block.children = block.children.filter((token) => {
      if (token.type === 'link_open') {
        const safe = SAFE_LINK.test(String(token.attrGet('href') ?? '').trim());
        if (!safe) dropped.push(token.level);
        return safe;
      }
      if (token.type === 'link_close' && dropped.length > 0 && dropped[dropped.length - 1] === token.level) {
        dropped.pop();
        return false;
      }
      return true;
    });
  }
  return true;
});

// Headings start at the level the page asks for (a page has one h1): `# Top` with baseLevel 2 is h2.
md.core.ruler.push('fie_heading_levels', (state) => {
  const base = Math.min(6, Math.max(1, Number((state.env as { baseLevel?: number }).baseLevel ?? 2)));
  for (const token of state.tokens) {
    if (token.type !== 'heading_open' && token.type !== 'heading_close') continue;
    token.tag = `h${Math.min(6, Math.max(base, Number(token.tag.slice(1))))}`;
  }
  return true;
});

/** Markdown to HTML; headings start at `baseLevel` (default 2). */
export function renderMarkdown(source: string, { baseLevel = 2 } = {}): string {
  return md.render(source, { baseLevel }).trimEnd();
}
