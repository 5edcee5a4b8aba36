import type { Core } from '@strapi/strapi';
import { httpError } from '../../shared/errors';
import { REPLACING_REFUSED } from '../../middlewares/image-upload-guard';

/**
 * Through the content API (the back-office) an image is only ever added: the upload route takes
 * images only, checked by content and re-encoded, and refuses `?id=` (replace or rename). Deleting a
 * file is refused even if someone grants it in the admin panel, since a listing's images change
 * only through the listing's own edit, under its approval rules. Who may upload is decided by
 * users-permissions grants (admin and superadmin only, see bootstrap/permissions.ts). The admin
 * panel's media library keeps Strapi's own rules.
 */
const refuseChangingFiles = async () => {
  throw httpError(403, REPLACING_REFUSED);
};

type Middleware = string | Core.MiddlewareHandler;

/** The upload plugin's server part as Strapi hands it to this extension: only its content-API routes are changed. */
interface UploadPlugin {
  routes: { 'content-api': { routes: Core.Route[] | (() => Core.Route[]) } };
}

const withMiddleware = (route: Core.Route, middleware: Middleware): Core.Route => ({
  ...route,
  config: { ...route.config, middlewares: [...(route.config?.middlewares ?? []), middleware] },
});

export default (plugin: UploadPlugin) => {
  const contentApi = plugin.routes['content-api'];
  const routesOf = (list: Core.Route[] | (() => Core.Route[])) =>
    typeof list === 'function' ? list() : list;
  contentApi.routes = routesOf(contentApi.routes).map((route) => {
    if (route.method === 'POST' && route.path === '/')
      return withMiddleware(route, 'global::image-upload-guard');
    if (!['GET', 'HEAD'].includes(route.method)) return withMiddleware(route, refuseChangingFiles);
    return route;
  });
  return plugin;
};
