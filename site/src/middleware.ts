import { defineMiddleware } from 'astro:middleware';
import { withPreview } from './lib/preview';
import { isStaffPath, splitLanguage } from './i18n/routes';

// A French or Spanish address renders the same page as its English one, with the language in the
// render's locals: `/fr/properties/accra` is `/properties/accra` in French. The back-office is English
// only, so `/fr/admin/…` renders the not-found page.
// server/main.mjs passes `{ preview: 'draft' | 'published' }` as the render's locals after checking a
// signed /preview link; nothing a visitor sends can set it.
export const onRequest = defineMiddleware((context, next) => {
  const { language, path } = splitLanguage(context.url.pathname);
  context.locals.language = language;
  context.locals.path = path;
  const render =
    path === context.url.pathname
      ? () => next()
      : () => next(isStaffPath(path) ? '/404' : `${path}${context.url.search}`);
  const status = context.locals.preview;
  if (status !== 'draft' && status !== 'published') return render();
  return withPreview(status, render);
});
