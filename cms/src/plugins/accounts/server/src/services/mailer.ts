import type { Core } from '@strapi/strapi';
import { OTP_TTL_SECONDS } from '@fie/domain';
import { siteUrl } from '../../../../../shared/site-url';
import type { OutgoingMail } from './outbox';
import { getService } from '../get-service';

interface Brand {
  name: string;
  supportEmail: string;
  phone: string;
  siteUrl: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(brand: Brand, title: string, paragraphs: string[], highlight?: string): { html: string; text: string } {
  const html = `<!doctype html><html><body style="margin:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e7e5e4;font-size:20px;font-weight:bold;color:#873b11">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
${highlight ? `<p style="margin:0 0 16px;font-size:32px;letter-spacing:8px;font-weight:bold;color:#a84a14">${escapeHtml(highlight)}</p>` : ''}
${paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e7e5e4;font-size:12px;color:#57534e">${escapeHtml(brand.name)} · ${escapeHtml(brand.phone)} · ${escapeHtml(brand.supportEmail)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [brand.name, '', title, '', ...(highlight ? [highlight, ''] : []), ...paragraphs.flatMap((p) => [p, '']), `${brand.name} · ${brand.phone} · ${brand.supportEmail}`].join('\n');
  return { html, text };
}

const minutes = Math.round(OTP_TTL_SECONDS / 60);

/** e.g. "22 November 2026 at 15:04 (Accra time)". */
const accraTime = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Africa/Accra' })
    .format(at)
    .replace(', ', ' at ')} (Accra time)`;

/** The account e-mails. Only server-made text goes into them, never anything a client sent. */
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
   * Puts an e-mail in the outbox (services/outbox.ts): in the caller's transaction when there is
   * one, so it is kept exactly when the change it tells of is, and sent by the outbox's worker.
   */
  async send(to: string, subject: string, body: { html: string; text: string; attachments?: OutgoingMail['attachments'] }, options: { discardAfter?: Date; secret?: boolean } = {}) {
    await getService(strapi, 'outbox').enqueue({ to, subject, ...body, ...options });
  },

  /** The shared branded layout, for e-mails written elsewhere (viewings, enquiries). */
  layoutFor(brand: Brand, title: string, paragraphs: string[]) {
    return layout(brand, title, paragraphs);
  },

  /** A code's e-mail is not worth sending once the code has expired. */
  async registrationCode(to: string, code: string, expiresAt: Date) {
    const b = await this.brand();
    await this.send(
      to,
      `Your ${b.name} verification code: ${code}`,
      layout(b, 'Confirm your e-mail address', [
        `Enter this code to finish creating your ${b.name} account. It is valid for ${minutes} minutes and can be used once.`,
        'If you did not sign up, you can ignore this e-mail: the account cannot be used without the code.',
      ], code),
      // The code is in the subject and the bodies: kept encrypted in the outbox until sent.
      { discardAfter: expiresAt, secret: true },
    );
  },

  async resetCode(to: string, code: string, requestedAt: Date, expiresAt: Date) {
    const b = await this.brand();
    await this.send(
      to,
      `Your ${b.name} password reset code: ${code}`,
      layout(b, 'A password reset was requested', [
        `Someone asked to reset the password of your ${b.name} account on ${accraTime(requestedAt)}.`,
        `If it was you, enter this code to choose a new password. It is valid for ${minutes} minutes and can be used once.`,
        `If it was not you, ignore this e-mail: your password stays the same. If it keeps happening, contact us at ${b.supportEmail}.`,
      ], code),
      // The code is in the subject and the bodies: kept encrypted in the outbox until sent.
      { discardAfter: expiresAt, secret: true },
    );
  },

  async alreadyRegistered(to: string) {
    const b = await this.brand();
    await this.send(
      to,
      `You already have a ${b.name} account`,
      layout(b, 'You already have an account', [
        `Someone tried to create a ${b.name} account with this e-mail address, which already has one.`,
        `If it was you, sign in at ${b.siteUrl}/login, or reset your password at ${b.siteUrl}/forgot-password.`,
        'If it was not you, you can ignore this e-mail; nothing has changed.',
      ]),
    );
  },

  async signInLocked(to: string, until: Date) {
    const b = await this.brand();
    await this.send(
      to,
      `Sign-in to your ${b.name} account is paused`,
      layout(b, 'Too many wrong passwords', [
        `Someone entered a wrong password for your ${b.name} account 5 times, so signing in with a password is paused until ${accraTime(until)}.`,
        `If it was you, you can lift the pause at once: reset your password at ${b.siteUrl}/forgot-password and sign in with the new one.`,
        `If it was not you, your password still protects the account. If it keeps happening, contact us at ${b.supportEmail}.`,
      ]),
    );
  },

  async codesLocked(to: string, purpose: 'register' | 'reset', until: Date) {
    const b = await this.brand();
    const paragraphs =
      purpose === 'reset'
        ? [
            `Someone entered 15 wrong password reset codes for your ${b.name} account today, so the open reset code was cancelled.`,
            `If you want to reset your password, request a new code at ${b.siteUrl}/forgot-password: it is sent only to this address and works as usual.`,
          ]
        : [
            `Someone entered 15 wrong verification codes for a ${b.name} sign-up with this address today, so sign-up codes are paused until ${accraTime(until)}.`,
            'If it was not you, you can ignore this e-mail: the account cannot be used without a code.',
          ];
    await this.send(
      to,
      `Codes for your ${b.name} account are paused`,
      layout(b, 'Too many wrong codes', [...paragraphs, `If it keeps happening, contact us at ${b.supportEmail}.`]),
    );
  },

  async passwordChanged(to: string, at: Date) {
    const b = await this.brand();
    await this.send(
      to,
      `Your ${b.name} password was changed`,
      layout(b, 'Your password was changed', [
        `The password of your ${b.name} account was changed on ${accraTime(at)}, and every device was signed out.`,
        `If you did not do this, reset your password at ${b.siteUrl}/forgot-password and contact us at ${b.supportEmail}.`,
      ]),
    );
  },
});
