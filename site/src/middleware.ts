import { defineMiddleware } from 'astro:middleware';
import { withPreview } from './lib/preview';

// server/main.mjs passes `{ preview: 'draft' | 'published' }` as the render's locals after checking a
// signed /preview link; nothing a visitor sends can set it.
export const onRequest = defineMiddleware((context, next) => {
  const status = (context.locals as { preview?: unknown }).preview;
  if (status !== 'draft' && status !== 'published') return next();
  return withPreview(status, () => next());
});
