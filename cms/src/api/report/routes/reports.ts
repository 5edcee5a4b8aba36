// Reports of a listing. Anyone may send one (signed in or not, limited per network address and
// per listing); staff list them and resolve or dismiss them. POST /products/:id/reports sits beside
// the catalogue's /products/:id routes without meeting them: it has one more path segment.
const STAFF = { name: 'plugin::accounts.signed-in', config: { roles: ['admin', 'superadmin'] } };

export default {
  routes: [
    {
      method: 'POST',
      path: '/products/:id/reports',
      handler: 'reports.create',
      config: { auth: false, policies: [] },
    },
    {
      method: 'GET',
      path: '/reports',
      handler: 'reports.list',
      config: { auth: false, policies: [STAFF] },
    },
    {
      method: 'PUT',
      path: '/reports/:id',
      handler: 'reports.update',
      config: { auth: false, policies: [STAFF] },
    },
  ],
};
