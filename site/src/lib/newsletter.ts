import { MESSAGES, messageIn, type Language } from '@fie/domain';
import { CMS_URL } from './config';

export type NewsletterResult = { ok: true; message: string } | { ok: false; message: string };

/** Signs an address up through the cms on behalf of a browser without JavaScript (the footer form). */
export async function subscribe(
  email: string,
  source: string,
  clientAddress: string | undefined,
  language: Language = 'en',
): Promise<NewsletterResult> {
  // The cms answers in the page's language; its own fallbacks are said in it too.
  const failed = messageIn(MESSAGES.newsletterFailed, language);
  try {
    const res = await fetch(`${CMS_URL}/api/newsletter`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': language,
        ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
      },
      body: JSON.stringify({ email, source }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    if (res.ok)
      return { ok: true, message: body?.message ?? messageIn(MESSAGES.newsletterSubscribed, language) };
    return { ok: false, message: body?.message ?? failed };
  } catch {
    return { ok: false, message: failed };
  }
}
