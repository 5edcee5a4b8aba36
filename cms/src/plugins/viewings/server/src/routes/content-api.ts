// Viewings: seekers book and cancel their own; staff see all, book for clients and update.
// A plugin's content-API routes are mounted under /api/viewings by default; `prefix: ''` in each
// route's config mounts it straight under /api, so the public paths stay what they were
// (/api/products/:id/slots, /api/appointments/...), as users-permissions does for /api/auth/*.
const signedIn = (roles?: string[]) => ({
  name: 'plugin::accounts.signed-in',
  config: roles ? { roles } : {},
});
const SEEKER = signedIn(['user']);
const STAFF = signedIn(['admin', 'superadmin']);

const PUBLIC = { auth: false, prefix: '' } as const;
// Booking pauses (503) while the back-office's maintenance mode is on; staff booking for a client goes on.

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/products/:id/slots', handler: 'viewing.slots', config: { ...PUBLIC } },
    {
      method: 'POST',
      path: '/appointments/book/:propertyId',
      handler: 'viewing.book',
      config: { ...PUBLIC, policies: [SEEKER, 'api::system-setting.open-for-business'] },
    },
    {
      method: 'GET',
      path: '/appointments',
      handler: 'viewing.own',
      config: { ...PUBLIC, policies: [signedIn()] },
    },
    {
      method: 'GET',
      path: '/appointments/booking-restriction',
      handler: 'viewing.bookingRestriction',
      config: { ...PUBLIC, policies: [signedIn()] },
    },
    {
      method: 'GET',
      path: '/appointments/all',
      handler: 'viewing.all',
      config: { ...PUBLIC, policies: [STAFF] },
    },
    {
      method: 'POST',
      path: '/appointments/admin-book',
      handler: 'viewing.adminBook',
      config: { ...PUBLIC, policies: [STAFF] },
    },
    {
      method: 'PUT',
      path: '/appointments/appointment/:id',
      handler: 'viewing.update',
      config: { ...PUBLIC, policies: [STAFF] },
    },
    {
      method: 'POST',
      path: '/appointments/:id/cancel',
      handler: 'viewing.cancel',
      config: { ...PUBLIC, policies: [SEEKER] },
    },
  ],
};
