import { isLanguage, type Language } from '@fie/domain';
import type { Context } from './context';

const OFFERED: Language[] = ['en', 'fr', 'es'];

/**
 * Which language an /api answer speaks: a signed-in seeker's profile language, otherwise the one the
 * caller asks for (the site's islands send their page's language as Accept-Language), otherwise English.
 * Staff read English: the back-office is English whatever their browser prefers. `fromHeader` says
 * the answer depends on Accept-Language (so it must Vary on it).
 */
export function readerLanguage(ctx: Context): { language: Language; fromHeader: boolean } {
  const { user, role } = ctx.state as { user?: { language?: unknown }; role?: string };
  if (role === 'user' && isLanguage(user?.language)) return { language: user.language, fromHeader: false };
  if (role === 'admin' || role === 'superadmin') return { language: 'en', fromHeader: false };
  const asked = ctx.get('Accept-Language') ? ctx.acceptsLanguages(OFFERED) : false;
  return { language: typeof asked === 'string' && isLanguage(asked) ? asked : 'en', fromHeader: true };
}
