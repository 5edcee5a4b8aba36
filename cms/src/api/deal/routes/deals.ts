// Deals: staff record them; an admin's deal waits for a superadmin's approval.
const signedIn = (roles: string[]) => ({ name: 'plugin::accounts.signed-in', config: { roles } });
const STAFF = signedIn(['admin', 'superadmin']);
const SUPERADMIN = signedIn(['superadmin']);

export default {
  routes: [
    { method: 'GET', path: '/deals', handler: 'deal-api.list', config: { auth: false, policies: [STAFF] } },
    // Before /deals/:id routes.
    { method: 'GET', path: '/deals/unapproved', handler: 'deal-api.unapproved', config: { auth: false, policies: [SUPERADMIN] } },
    { method: 'POST', path: '/deals', handler: 'deal-api.create', config: { auth: false, policies: [STAFF] } },
    { method: 'PUT', path: '/deals/approve/:id', handler: 'deal-api.approve', config: { auth: false, policies: [SUPERADMIN] } },
    { method: 'PUT', path: '/deals/:id', handler: 'deal-api.update', config: { auth: false, policies: [STAFF] } },
    { method: 'DELETE', path: '/deals/:id', handler: 'deal-api.delete', config: { auth: false, policies: [STAFF] } },
  ],
};
