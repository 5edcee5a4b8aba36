import { defineMiddleware } from 'astro:middleware';
import { withPreview } from './lib/preview';
import { withVisitor } from './lib/visitor';
import { hasLanguageTwin, splitLanguage } from './i18n/routes';

// A French or Spanish address renders the same page as its English one, with the language in the
// render's locals: `/fr/properties/accra` is `/properties/accra` in French. What has no twin (the
// back-office, files such as /sitemap.xml) renders the not-found page behind a prefix.
// server/main.mjs passes `{ preview: 'draft' | 'published' }` as the render's locals after checking a
// signed /preview link; nothing a visitor sends can set it.
export const onRequest = defineMiddleware((context, next) => {
  // A preview render of a French or Spanish page comes at its English path with its language set
  // (server/main.mjs): rewriting the address would run the page outside the preview scope below.
  const given = context.locals.preview ? context.locals.language : undefined;
  const { language, path } = given
    ? { language: given, path: context.url.pathname }
    : splitLanguage(context.url.pathname);
  context.locals.language = language;
  context.locals.path = path;
  const render =
    path === context.url.pathname
      ? () => next()
      : () => next(hasLanguageTwin(path) ? `${path}${context.url.search}` : '/404');
  const status = context.locals.preview;
  // The cms counts the site's reads against the visitor they are for (lib/visitor.ts).
  const visited = () => withVisitor(visitorAddress(context), render);
  if (status !== 'draft' && status !== 'published') return visited();
  return withPreview(status, visited);
});

/** The visitor's address (Astro reads it from the request server/request-trust.mjs rewrote), if known. */
function visitorAddress(context: { clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined; // (a render with no client, as in a build)
  }
}
