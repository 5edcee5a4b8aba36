export default {
  routes: [
    {
      method: 'GET',
      path: '/stats',
      handler: 'stats.show',
      config: {
        auth: false,
        policies: [{ name: 'plugin::accounts.signed-in', config: { roles: ['admin', 'superadmin'] } }],
      },
    },
    {
      // The home and about pages' live figures: totals only, nothing personal, so open to everyone.
      method: 'GET',
      path: '/site-figures',
      handler: 'stats.siteFigures',
      config: { auth: false, policies: [] },
    },
  ],
};
