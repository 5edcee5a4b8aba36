import type { Core } from '@strapi/strapi';
import { DEFAULT_LANGUAGE, type Language } from '@fie/domain';
import { siteUrl } from '../../../../../shared/site-url';
import type { OutgoingMail } from './outbox.service';
import { getService } from '../get-service';

export interface Brand {
  name: string;
  supportEmail: string;
  phone: string;
  siteUrl: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The branded frame around an e-mail's body (given as HTML made here, and as plain text). */
function frame(
  brand: Brand,
  title: string,
  body: { html: string; text: string },
  language: Language = DEFAULT_LANGUAGE,
): { html: string; text: string } {
  // A document in its own right, as the Nu validator checks it: a <title> (its heading, which some
  // mail clients and screen readers announce) and the character set the part is sent in.
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="margin:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e7e5e4;font-size:20px;font-weight:bold;color:#873b11">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${body.html}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e7e5e4;font-size:12px;color:#57534e">${escapeHtml(brand.name)} · ${escapeHtml(brand.phone)} · ${escapeHtml(brand.supportEmail)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    brand.name,
    '',
    title,
    '',
    body.text,
    '',
    `${brand.name} · ${brand.phone} · ${brand.supportEmail}`,
  ].join('\n');
  return { html, text };
}

function layout(
  brand: Brand,
  title: string,
  paragraphs: string[],
  highlight?: string,
  language: Language = DEFAULT_LANGUAGE,
): { html: string; text: string } {
  const html = [
    ...(highlight
      ? [
          `<p style="margin:0 0 16px;font-size:32px;letter-spacing:8px;font-weight:bold;color:#a84a14">${escapeHtml(highlight)}</p>`,
        ]
      : []),
    ...paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`),
  ].join('\n');
  const text = [...(highlight ? [highlight, ''] : []), ...paragraphs.flatMap((p) => [p, ''])]
    .join('\n')
    .replace(/\n$/, '');
  return frame(brand, title, { html, text }, language);
}

/**
 * The branded e-mail of every concept: the brand read from the site settings, the one layout, and
 * sending through the outbox. Only server-made text goes into an e-mail, never anything a client sent.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async brand(): Promise<Brand> {
    const s = await strapi.documents('api::site-setting.site-setting').findFirst({ status: 'published' });
    return {
      name: s?.brandName || 'Fie Homes',
      supportEmail: s?.supportEmail || 'support@fiehomes.local',
      phone: s?.customerCarePhone || '',
      siteUrl: siteUrl(),
    };
  },

  /**
   * Puts an e-mail in the outbox (outbox.service.ts): in the caller's transaction when there is
   * one, so it is kept exactly when the change it tells of is, and sent by the outbox's worker.
   */
  /** Several e-mails written to the outbox at once (an alert run's batch), each as send writes one. */
  async sendMany(
    mails: Array<{
      to: string;
      subject: string;
      body: { html: string; text: string };
      headers?: Record<string, string>;
    }>,
  ) {
    await getService(strapi, 'outbox').enqueueMany(
      mails.map(({ to, subject, body, headers }) => ({ to, subject, ...body, headers })),
    );
  },

  async send(
    to: string,
    subject: string,
    body: { html: string; text: string; attachments?: OutgoingMail['attachments'] },
    options: { discardAfter?: Date; secret?: boolean; headers?: Record<string, string> } = {},
  ) {
    await getService(strapi, 'outbox').enqueue({ to, subject, ...body, ...options });
  },

  /**
   * The shared branded layout, for e-mails written elsewhere (accounts, viewings, approvals, staff
   * mail); `highlight` is shown large above the paragraphs (an e-mailed code). `language` is the
   * text's, for the page's `lang` (screen readers and mail clients' translate offers read it).
   */
  layoutFor(brand: Brand, title: string, paragraphs: string[], highlight?: string, language?: Language) {
    return layout(brand, title, paragraphs, highlight, language);
  },

  /** The frame alone, around a body made by the caller (listing cards): every value in it escaped there. */
  frameFor(brand: Brand, title: string, body: { html: string; text: string }, language?: Language) {
    return frame(brand, title, body, language);
  },
});
