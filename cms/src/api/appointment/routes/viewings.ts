// Viewings: seekers book and cancel their own; staff see all, book for clients and update.
const signedIn = (roles?: string[]) => ({ name: 'plugin::accounts.signed-in', config: roles ? { roles } : {} });
const SEEKER = signedIn(['user']);
const STAFF = signedIn(['admin', 'superadmin']);

export default {
  routes: [
    { method: 'GET', path: '/products/:id/slots', handler: 'viewing.slots', config: { auth: false } },
    { method: 'POST', path: '/appointments/book/:propertyId', handler: 'viewing.book', config: { auth: false, policies: [SEEKER] } },
    { method: 'GET', path: '/appointments', handler: 'viewing.own', config: { auth: false, policies: [signedIn()] } },
    { method: 'GET', path: '/appointments/all', handler: 'viewing.all', config: { auth: false, policies: [STAFF] } },
    { method: 'POST', path: '/appointments/admin-book', handler: 'viewing.adminBook', config: { auth: false, policies: [STAFF] } },
    { method: 'PUT', path: '/appointments/appointment/:id', handler: 'viewing.update', config: { auth: false, policies: [STAFF] } },
    { method: 'POST', path: '/appointments/:id/cancel', handler: 'viewing.cancel', config: { auth: false, policies: [SEEKER] } },
  ],
};
