export default {
  routes: [
    {
      method: 'GET',
      path: '/stats',
      handler: 'stats.show',
      config: { auth: false, policies: [{ name: 'global::signed-in', config: { roles: ['admin', 'superadmin'] } }] },
    },
  ],
};
