// The accounts half of the API's contract. Public routes are marked; every other route names
// its policy: `plugin::accounts.signed-in` (a live session of a confirmed account), with roles where
// staff only.
//
// A plugin's content-API routes are mounted under /api/<plugin name> unless a route's config has a
// `prefix` (Strapi's routing puts such a route on the /api router itself): `prefix: ''` keeps the
// contract's paths, /api/signup and so on, as users-permissions does for /api/auth/local.
const signedIn = (roles?: string[]) => ({
  name: 'plugin::accounts.signed-in',
  config: roles ? { roles } : {},
});
const STAFF = ['admin', 'superadmin'];
const SUPERADMIN = ['superadmin'];

const routes = [
  // Public: sign-up, codes, sign-in, session renewal and sign-out.
  // Paused (503) while the back-office's maintenance mode is on.
  {
    method: 'POST',
    path: '/signup',
    handler: 'account.signup',
    config: { auth: false, policies: ['api::system-setting.open-for-business'] },
  },
  { method: 'POST', path: '/otp', handler: 'account.requestOtp', config: { auth: false } },
  { method: 'POST', path: '/otp/verify', handler: 'account.verifyOtp', config: { auth: false } },
  { method: 'POST', path: '/forgot-password', handler: 'account.forgotPassword', config: { auth: false } },
  { method: 'POST', path: '/login', handler: 'account.login', config: { auth: false } },
  { method: 'POST', path: '/refresh', handler: 'account.refresh', config: { auth: false } },
  { method: 'POST', path: '/logout', handler: 'account.logout', config: { auth: false } },
  { method: 'GET', path: '/auth-config', handler: 'account.authConfig', config: { auth: false } },
  { method: 'GET', path: '/auth/google', handler: 'account.googleStart', config: { auth: false } },
  { method: 'GET', path: '/auth/google/return', handler: 'account.googleReturn', config: { auth: false } },

  // Any signed-in account.
  {
    method: 'GET',
    path: '/profile',
    handler: 'account.profile',
    config: { auth: false, policies: [signedIn()] },
  },
  {
    method: 'PUT',
    path: '/profile',
    handler: 'account.updateProfile',
    config: { auth: false, policies: [signedIn()] },
  },
  // Adding a mobile number (or changing it): the number, then the code texted to it.
  {
    method: 'POST',
    path: '/profile/phone',
    handler: 'account.addPhone',
    config: { auth: false, policies: [signedIn()] },
  },
  {
    method: 'POST',
    path: '/profile/phone/verify',
    handler: 'account.verifyPhone',
    config: { auth: false, policies: [signedIn()] },
  },
  {
    method: 'POST',
    path: '/change-password',
    handler: 'account.changePassword',
    config: { auth: false, policies: [signedIn()] },
  },

  // Staff accounts.
  {
    method: 'GET',
    path: '/users',
    handler: 'staff.users',
    config: { auth: false, policies: [signedIn(STAFF)] },
  },
  // Deactivating and reactivating seekers is the superadmin's: the back-office's Users screen gives
  // its actions column to the superadmin only; admins see the list.
  {
    method: 'PUT',
    path: '/users/:id/deactivate',
    handler: 'staff.deactivate',
    config: { auth: false, policies: [signedIn(SUPERADMIN)] },
  },
  {
    method: 'PUT',
    path: '/users/:id/reactivate',
    handler: 'staff.reactivate',
    config: { auth: false, policies: [signedIn(SUPERADMIN)] },
  },
  // Lifting a seeker's booking restriction (the no-show rule) is for admins and superadmins alike.
  {
    method: 'DELETE',
    path: '/users/:id/booking-restriction',
    handler: 'staff.liftBookingRestriction',
    config: { auth: false, policies: [signedIn(STAFF)] },
  },
  {
    method: 'GET',
    path: '/admins',
    handler: 'staff.admins',
    config: { auth: false, policies: [signedIn(SUPERADMIN)] },
  },
  {
    method: 'POST',
    path: '/add-admin',
    handler: 'staff.addAdmin',
    config: { auth: false, policies: [signedIn(SUPERADMIN)] },
  },
  {
    method: 'PUT',
    path: '/revoke-admin/:id',
    handler: 'staff.revokeAdmin',
    config: { auth: false, policies: [signedIn(SUPERADMIN)] },
  },
];

export default {
  type: 'content-api',
  routes: routes.map((route) => ({ ...route, config: { ...route.config, prefix: '' } })),
};
