// Admin-API routes: Strapi mounts them under /site-cache and signs callers in with their panel session.
export default {
  admin: {
    type: 'admin',
    routes: [
      {
        method: 'POST',
        path: '/refresh',
        handler: 'refresh.refresh',
        config: { policies: ['admin::isAuthenticatedAdmin', 'plugin::site-cache.may-refresh-site'] },
      },
    ],
  },
};
