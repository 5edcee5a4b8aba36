// The one-time "Voir en français ?" offer of an English page (LanguageSuggestion.astro): shown when
// the browser's preferred languages put French or Spanish before English, and remembered in this
// browser so it is offered once only, whatever the answer.
const SHOWN_KEY = 'language-suggested';

type Offer = { href: string; text: string; close: string };

/** The language to offer: the first of the browser's preferences that we speak, unless it is English. */
export function preferredOffer(preferences: readonly string[]): 'fr' | 'es' | null {
  for (const tag of preferences) {
    const code = tag.toLowerCase().split('-')[0];
    if (code === 'en') return null;
    if (code === 'fr' || code === 'es') return code;
  }
  return null;
}

export function offerLanguage(
  root: ParentNode = document,
  languages: readonly string[] = navigator.languages,
): void {
  const box = root.querySelector<HTMLElement>('[data-language-suggestion]');
  if (!box) return;
  let shown: string | null = null;
  try {
    shown = localStorage.getItem(SHOWN_KEY);
  } catch {
    return; // no storage: an offer that cannot be remembered is not made
  }
  const code = preferredOffer(languages);
  if (shown || !code) return;
  const offer = (JSON.parse(box.dataset.languageSuggestion ?? '{}') as Record<string, Offer>)[code];
  if (!offer) return;
  const link = box.querySelector<HTMLAnchorElement>('[data-part="link"]')!;
  const close = box.querySelector<HTMLButtonElement>('[data-part="close"]')!;
  link.href = offer.href;
  link.textContent = offer.text;
  link.lang = code;
  close.textContent = offer.close;
  close.lang = code;
  close.addEventListener('click', () => (box.hidden = true));
  box.hidden = false;
  localStorage.setItem(SHOWN_KEY, code);
}
