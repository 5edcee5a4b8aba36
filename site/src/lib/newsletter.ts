import { MESSAGES } from '@fie/domain';
import { CMS_URL } from './config';

export type NewsletterResult = { ok: true; message: string } | { ok: false; message: string };

/** Signs an address up through the cms on behalf of a browser without JavaScript (the footer form). */
export async function subscribe(
  email: string,
  source: string,
  clientAddress: string | undefined,
): Promise<NewsletterResult> {
  try {
    const res = await fetch(`${CMS_URL}/api/newsletter`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
      },
      body: JSON.stringify({ email, source }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    if (res.ok) return { ok: true, message: body?.message ?? MESSAGES.newsletterSubscribed };
    return { ok: false, message: body?.message ?? MESSAGES.newsletterFailed };
  } catch {
    return { ok: false, message: MESSAGES.newsletterFailed };
  }
}
