// The catalogue's API contract (/api/products: the clients' word for properties). Listing, detail and city counts are public (approved properties;
// staff also see unapproved ones); changes are for staff. The approval queue and decision
// (GET /products/unapproved, PUT /products/approve/:id) are the approvals plugin's routes.
const signedIn = (roles: string[]) => ({ name: 'plugin::accounts.signed-in', config: { roles } });
const STAFF = signedIn(['admin', 'superadmin']);

export default {
  routes: [
    { method: 'GET', path: '/products', handler: 'properties.find', config: { auth: false } },
    // Before /products/:id, which would take the word for an id. Staff: listings to confirm, oldest first.
    {
      method: 'GET',
      path: '/products/needs-confirming',
      handler: 'properties.needsConfirming',
      config: { auth: false, policies: [STAFF] },
    },
    // The listing's map view: its points (before /products/:id too).
    { method: 'GET', path: '/products/map', handler: 'properties.map', config: { auth: false } },
    {
      method: 'GET',
      path: '/products/map/clusters',
      handler: 'properties.mapClusters',
      config: { auth: false },
    },
    { method: 'GET', path: '/products/:id', handler: 'properties.findOne', config: { auth: false } },
    {
      method: 'PUT',
      path: '/products/:id/confirm-availability',
      handler: 'properties.confirmAvailability',
      config: { auth: false, policies: [STAFF] },
    },
    {
      method: 'POST',
      path: '/products',
      handler: 'properties.create',
      config: { auth: false, policies: [STAFF] },
    },
    {
      method: 'PUT',
      path: '/products/:id',
      handler: 'properties.update',
      config: { auth: false, policies: [STAFF] },
    },
    {
      method: 'DELETE',
      path: '/products/:id',
      handler: 'properties.delete',
      config: { auth: false, policies: [STAFF] },
    },
    { method: 'GET', path: '/city-counts', handler: 'properties.cityCounts', config: { auth: false } },
  ],
};
