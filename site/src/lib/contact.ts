import { fill, type Language } from '@fie/domain/i18n';
import { PROPERTY } from '../i18n/property';

/** A tel: link for a phone number as staff typed it ("+233 30 290 1234"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A WhatsApp chat link (wa.me wants the number as digits only) with a first message filled in. */
export function whatsAppHref(phone: string, message: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

/**
 * The first message of a WhatsApp chat about a listing, in the page's language: its title as the page
 * names it, the short reference staff see in the back office, and its address, so whoever answers
 * knows which home it is.
 */
export function listingChatMessage(
  listing: { title: string; reference: string; link: string },
  language: Language = 'en',
): string {
  return fill(PROPERTY[language].chatMessage, { ...listing });
}
