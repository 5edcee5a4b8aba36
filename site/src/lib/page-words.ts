// The words a page carries for its scripts, as JSON (Base.astro's #fie-page-words, made by
// src/i18n/messages.ts's pageWords): the domain's messages in the page's language and, on a back-office
// page, the English of the island parts it shares with the seekers' screens. Scripts read their words
// here rather than carry them, so no page's JavaScript holds another language's texts.
export interface PageWords {
  messages: Readonly<Record<string, string>>;
  defaults: Readonly<Record<string, string>>;
}

let read: PageWords | undefined;

/** The page's words (none outside a browser, or on a page without them). */
export function pageWords(): PageWords {
  if (read) return read;
  if (typeof document === 'undefined') return { messages: {}, defaults: {} };
  let carried: Partial<PageWords> | null = null;
  try {
    carried = JSON.parse(document.getElementById('fie-page-words')?.textContent || 'null');
  } catch {
    carried = null;
  }
  read = { messages: carried?.messages ?? {}, defaults: carried?.defaults ?? {} };
  return read;
}
