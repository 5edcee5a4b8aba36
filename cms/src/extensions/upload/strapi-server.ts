/**
 * The content-API upload route (used by the back-office) takes images only, checked by content;
 * who may call it is decided by users-permissions grants (admin and superadmin only, see
 * bootstrap/permissions.ts). The admin panel's media library keeps Strapi's own rules.
 */
export default (plugin: any) => {
  const contentApi = plugin.routes['content-api'];
  contentApi.routes = contentApi.routes.map((route: any) =>
    route.method === 'POST' && route.path === '/'
      ? { ...route, config: { ...route.config, middlewares: [...(route.config?.middlewares ?? []), 'global::image-upload-guard'] } }
      : route,
  );
  return plugin;
};
