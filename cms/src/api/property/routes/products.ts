// The seeds' catalogue contract. Listing, detail and city counts are public (approved properties;
// staff also see unapproved ones); changes are for staff. The approval queue and decision
// (GET /products/unapproved, PUT /products/approve/:id) are the approvals plugin's routes.
const signedIn = (roles: string[]) => ({ name: 'plugin::accounts.signed-in', config: { roles } });
const STAFF = signedIn(['admin', 'superadmin']);

export default {
  routes: [
    { method: 'GET', path: '/products', handler: 'product.find', config: { auth: false } },
    { method: 'GET', path: '/products/:id', handler: 'product.findOne', config: { auth: false } },
    { method: 'POST', path: '/products', handler: 'product.create', config: { auth: false, policies: [STAFF] } },
    { method: 'PUT', path: '/products/:id', handler: 'product.update', config: { auth: false, policies: [STAFF] } },
    { method: 'DELETE', path: '/products/:id', handler: 'product.delete', config: { auth: false, policies: [STAFF] } },
    { method: 'GET', path: '/city-counts', handler: 'product.cityCounts', config: { auth: false } },
  ],
};
