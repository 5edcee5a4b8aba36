import type { Core } from '@strapi/strapi';
import { httpError } from '../../shared/errors';
import { REPLACING_REFUSED } from '../../middlewares/image-upload-guard';
import { getService } from '../../api/property/get-service';

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

/** The upload plugin's server part as Strapi hands it to this extension: its content-API routes and its upload service are changed. */
interface UploadPlugin {
  routes: { 'content-api': { routes: Core.Route[] | (() => Core.Route[]) } };
  services: { upload: (deps: { strapi: Core.Strapi }) => UploadService };
}

type UploadedFile = { filepath?: string; mimetype?: string };
interface UploadService {
  upload(
    input: { data: unknown; files: UploadedFile | UploadedFile[] },
    opts?: unknown,
  ): Promise<{ id: number }[]>;
  [other: string]: unknown;
}

/**
 * Every upload (the back-office's, an imported address's, the admin panel's media library) gets the
 * perceptual hashes of its image, read from the bytes the cms received before the provider (local or
 * Cloudinary) stores them, one image at a time. Strapi answers the stored files in the order sent.
 */
const withPhotoHashes =
  (createService: UploadPlugin['services']['upload']) =>
  ({ strapi }: { strapi: Core.Strapi }): UploadService => {
    const service = createService({ strapi });
    const upload = service.upload.bind(service);
    return Object.assign(service, {
      async upload(input: Parameters<UploadService['upload']>[0], opts?: unknown) {
        const photos = getService(strapi, 'photo-hashes');
        const files = Array.isArray(input.files) ? input.files : [input.files];
        const hashes: (string[] | null)[] = [];
        for (const file of files)
          hashes.push(
            file?.filepath && file.mimetype?.startsWith('image/')
              ? await photos.hashesOf(file.filepath)
              : null,
          );
        const stored = await upload(input, opts);
        for (const [i, file] of stored.entries()) await photos.recordUpload(file.id, hashes[i] ?? null);
        return stored;
      },
    });
  };

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
  plugin.services.upload = withPhotoHashes(plugin.services.upload);
  return plugin;
};
