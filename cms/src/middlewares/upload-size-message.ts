import { MESSAGES } from '@fie/domain';
import type { Context } from '../shared/context';

/**
 * The body parser answers a file over the 10 MB limit itself, before any route code runs, with a
 * bare "FileTooBig" (413). On the upload route the answer carries the back-office's
 * message instead.
 */
export default () => async (ctx: Context, next: () => Promise<void>) => {
  await next();
  if (ctx.path === '/api/upload' && ctx.status === 413) {
    const message = MESSAGES.fileTooLarge;
    ctx.body = { message, data: null, error: { status: 413, name: 'PayloadTooLargeError', message } };
    ctx.status = 413;
  }
};
