import { ReadStream } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Context } from '../shared/context';

// Raster images only: a browser never runs them, whatever they contain, once nosniff is set.
// (GIF and AVIF can come from the admin panel's media library, which keeps Strapi's own rules.)
const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

function decodedPath(raw: string): string {
  try {
    return path.posix.normalize(decodeURIComponent(raw));
  } catch {
    return path.posix.normalize(raw);
  }
}

/**
 * The site proxies /uploads to the browser from its own origin, so a stored file that a browser
 * would run as a page (HTML, SVG, JavaScript) could act as the signed-in user. Uploads are stored
 * as re-encoded images only; this is the second wall for anything else found in the folder (a file
 * from before, one copied in by hand): images go out with their true type and nosniff, anything
 * else as a sandboxed download. Files are recognised by where they were read from as well as by
 * the address, since the public folder's own static route also reaches uploads/ through paths
 * such as /./uploads/x.html.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const uploadsDir = path.resolve(strapi.dirs.static.public, 'uploads') + path.sep;
  return async (ctx: Context, next: () => Promise<void>) => {
    await next();
    const streamed = ctx.body instanceof ReadStream ? path.resolve(String(ctx.body.path)) : undefined;
    const fromUploads =
      streamed !== undefined
        ? streamed.startsWith(uploadsDir)
        : decodedPath(ctx.path).startsWith('/uploads/');
    if (!fromUploads || ctx.status >= 400) return;
    ctx.set('X-Content-Type-Options', 'nosniff');
    const ext = path.extname(streamed ?? decodedPath(ctx.path)).toLowerCase();
    const type = IMAGE_TYPES[ext];
    if (type) {
      ctx.type = type;
      // A listing's photo is shown beyond the site: in the saved-search alert e-mails (read in webmail
      // on other origins) and in link previews. Everything else the cms answers is `same-origin`.
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
      return;
    }
    ctx.set('Content-Security-Policy', 'sandbox');
    ctx.attachment(path.basename(streamed ?? decodedPath(ctx.path)));
    // An SVG keeps its type so a logo from the media library still shows in <img>, where its
    // scripts never run; anything else could be loaded as a script or style, so it is plain bytes.
    ctx.type = ext === '.svg' ? 'image/svg+xml' : 'application/octet-stream';
  };
};
