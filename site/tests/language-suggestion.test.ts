// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { offerLanguage, preferredOffer } from '../src/lib/language-suggestion';

const box = () => document.querySelector<HTMLElement>('[data-language-suggestion]')!;
const offers = {
  fr: { href: '/fr/properties?leaseType=Rent', text: 'Voir cette page en français ?', close: 'Non merci' },
  es: { href: '/es/properties?leaseType=Rent', text: '¿Ver esta página en español?', close: 'No, gracias' },
};

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = `<div data-language-suggestion='${JSON.stringify(offers)}' hidden><a data-part="link"></a><button data-part="close"></button></div>`;
});

describe('the one-time language offer', () => {
  it('offers French or Spanish only when the browser prefers it to English', () => {
    expect(preferredOffer(['fr-FR', 'fr', 'en'])).toBe('fr');
    expect(preferredOffer(['es-419', 'en'])).toBe('es');
    expect(preferredOffer(['en-GB', 'fr'])).toBeNull();
    expect(preferredOffer(['de-DE', 'es'])).toBe('es');
    expect(preferredOffer(['de-DE'])).toBeNull();
  });

  it('shows the page in that language once, and never again in this browser', () => {
    offerLanguage(document, ['fr-FR', 'en']);
    expect(box().hidden).toBe(false);
    const link = box().querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/fr/properties?leaseType=Rent');
    expect(link.textContent).toBe('Voir cette page en français ?');
    expect(link.lang).toBe('fr');
    box().querySelector('button')!.click();
    expect(box().hidden).toBe(true);
    // The next page: not offered again.
    document.body.innerHTML = `<div data-language-suggestion='${JSON.stringify(offers)}' hidden><a data-part="link"></a><button data-part="close"></button></div>`;
    offerLanguage(document, ['fr-FR', 'en']);
    expect(box().hidden).toBe(true);
  });

  it('stays hidden for a browser that prefers English', () => {
    offerLanguage(document, ['en-US', 'fr']);
    expect(box().hidden).toBe(true);
    expect(localStorage.length).toBe(0);
  });
});
