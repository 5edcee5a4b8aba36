// Deals: staff record them; an admin's deal waits for a superadmin's approval. The queue and the
// decision (GET /deals/unapproved, PUT /deals/approve/:id) are the approvals plugin's routes.
const signedIn = (roles: string[]) => ({ name: 'plugin::accounts.signed-in', config: { roles } });
const STAFF = signedIn(['admin', 'superadmin']);

export default {
  routes: [
    { method: 'GET', path: '/deals', handler: 'deals.list', config: { auth: false, policies: [STAFF] } },
    { method: 'POST', path: '/deals', handler: 'deals.create', config: { auth: false, policies: [STAFF] } },
    {
      method: 'PUT',
      path: '/deals/:id',
      handler: 'deals.update',
      config: { auth: false, policies: [STAFF] },
    },
    {
      method: 'DELETE',
      path: '/deals/:id',
      handler: 'deals.delete',
      config: { auth: false, policies: [STAFF] },
    },
  ],
};
