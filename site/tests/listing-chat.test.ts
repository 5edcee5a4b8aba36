import { describe, expect, it } from 'vitest';
import { listingChatMessage, whatsAppHref } from '../src/lib/contact';

describe("a listing's WhatsApp chat", () => {
  it('opens with the title, the short reference and the absolute link, intact through wa.me', () => {
    const text = listingChatMessage({
      title: 'House in Oxford Street, Osu',
      reference: 'k3x9q2ab',
      link: 'https://fiehomes.com.gh/property/k3x9q2ab7hd8s0',
    });
    expect(text).toBe(
      'Hello, I am interested in the House in Oxford Street, Osu (ref. k3x9q2ab): https://fiehomes.com.gh/property/k3x9q2ab7hd8s0',
    );
    const href = new URL(whatsAppHref('+233 24 000 1111', text));
    expect(href.origin + href.pathname).toBe('https://wa.me/233240001111');
    expect(href.searchParams.get('text')).toBe(text);
  });

  it("is written in the page's language", () => {
    const listing = {
      title: 'Maison à Osu',
      reference: 'k3x9q2ab',
      link: 'https://fiehomes.com.gh/fr/property/k3x9q2ab7hd8s0',
    };
    expect(listingChatMessage(listing, 'fr')).toBe(
      'Bonjour, je suis intéressé par : Maison à Osu (réf. k3x9q2ab) https://fiehomes.com.gh/fr/property/k3x9q2ab7hd8s0',
    );
    expect(listingChatMessage(listing, 'es')).toMatch(/^Hola, me interesa: Maison à Osu \(ref\. k3x9q2ab\)/);
  });
});
