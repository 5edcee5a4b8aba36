/** A tel: link for a phone number as staff typed it ("+233 30 290 1234"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A WhatsApp chat link (wa.me wants the number as digits only) with a first message filled in. */
export function whatsAppHref(phone: string, message: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
