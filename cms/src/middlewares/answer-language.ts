import { messageIn, type Language } from '@fie/domain';
import type { Context } from '../shared/context';
import { readerLanguage } from '../shared/reader-language';

type Said = { message?: unknown };

const translate = (said: unknown, language: Language) => {
  const item = said as Said | null;
  if (item && typeof item === 'object' && typeof item.message === 'string')
    item.message = messageIn(item.message, language);
};

/**
 * Puts an /api answer's user-facing messages (`message`, `error.message` and each field's message) in
 * the reader's language. Services and schemas keep writing the shared English messages; they are turned
 * into French or Spanish here, at the edge, so no code path can forget to.
 */
export default () => {
  return async (ctx: Context, next: () => Promise<void>) => {
    await next();
    if (!ctx.path.startsWith('/api/')) return;
    const { language, fromHeader } = readerLanguage(ctx);
    if (fromHeader) ctx.vary('Accept-Language');
    const body = ctx.body as
      | (Said & { error?: Said & { details?: { errors?: unknown } }; errors?: unknown })
      | null
      | undefined;
    if (language === 'en' || !body || typeof body !== 'object' || Buffer.isBuffer(body)) return;
    if (typeof (body as { pipe?: unknown }).pipe === 'function') return;
    // A record's own `message` (an enquiry's text, say) is the writer's words, never ours to change.
    const record = '_id' in body || 'id' in body || 'documentId' in body;
    if (ctx.status >= 400 || !record) translate(body, language);
    translate(body.error, language);
    for (const list of [body.errors, body.error?.details?.errors])
      if (Array.isArray(list)) for (const item of list) translate(item, language);
  };
};
