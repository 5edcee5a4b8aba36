// The seeds' catalogue contract. Listing, detail and city counts are public (approved properties;
// staff also see unapproved ones); changes are for staff, approvals for the superadmin.
const signedIn = (roles: string[]) => ({ name: 'plugin::accounts.signed-in', config: { roles } });
const STAFF = signedIn(['admin', 'superadmin']);
const SUPERADMIN = signedIn(['superadmin']);

export default {
  routes: [
    { method: 'GET', path: '/products', handler: 'product.find', config: { auth: false } },
    // Before /products/:id, which would otherwise take "unapproved" for an id.
    { method: 'GET', path: '/products/unapproved', handler: 'product.unapproved', config: { auth: false, policies: [SUPERADMIN] } },
    { method: 'GET', path: '/products/:id', handler: 'product.findOne', config: { auth: false } },
    { method: 'POST', path: '/products', handler: 'product.create', config: { auth: false, policies: [STAFF] } },
    { method: 'PUT', path: '/products/approve/:id', handler: 'product.approve', config: { auth: false, policies: [SUPERADMIN] } },
    { method: 'PUT', path: '/products/:id', handler: 'product.update', config: { auth: false, policies: [STAFF] } },
    { method: 'DELETE', path: '/products/:id', handler: 'product.delete', config: { auth: false, policies: [STAFF] } },
    { method: 'GET', path: '/city-counts', handler: 'product.cityCounts', config: { auth: false } },
  ],
};
