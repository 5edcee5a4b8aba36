// The words of an island's screen in its page's language. The page renders the island with a `words`
// prop (its language, its catalogue's texts and the few shared messages it may show: see
// src/i18n/messages.ts) and the island's root provides it to every part of the screen, so no island
// carries another language. Parts shared with the English-only back-office fall back to English.
import { createContext, useContext, type ReactNode } from 'react';
import { translateMessage } from '@fie/domain/seeker-messages';
import { localePath, type Language } from '../../i18n/routes';
import { pageWords } from '../../lib/page-words';
import type { IslandMessages } from '../../i18n/messages';

export interface IslandWords {
  language: Language;
  texts: Readonly<Record<string, string>>;
  messages: IslandMessages;
  /** Stored values (statuses, property types) as the page's language names them. */
  values?: Readonly<Record<string, string>>;
}

const WordsContext = createContext<IslandWords | null>(null);

export function WithWords({ words, children }: { words: IslandWords | undefined; children: ReactNode }) {
  return <WordsContext.Provider value={words ?? null}>{children}</WordsContext.Provider>;
}

/**
 * The screen's texts `t` (over the page's own words, for a part the back-office shares), `say` for
 * the domain's messages (a form check, a fallback toast), `value` for a stored value's word, its
 * `language`, and `link` for a site path in it.
 */
export function useWords<T extends Readonly<Record<string, string>>>() {
  const words = useContext(WordsContext);
  const language = words?.language ?? 'en';
  return {
    // A back-office page carries the English of the parts it shares (i18n/island-defaults.ts).
    t: { ...pageWords().defaults, ...words?.texts } as unknown as T,
    say: (message: string) => translateMessage(message, words?.messages),
    /** A stored value (a status, a property type) in the screen's language; as stored if unknown. */
    value: (stored: string) => words?.values?.[stored] ?? stored,
    language,
    link: (path: string) => localePath(language, path),
  };
}
