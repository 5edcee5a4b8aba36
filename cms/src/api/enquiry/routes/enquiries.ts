// Enquiries: any signed-in account sends one (staff on a client's behalf); seekers see their own,
// staff see and update all.
const signedIn = (roles?: string[]) => ({
  name: 'plugin::accounts.signed-in',
  config: roles ? { roles } : {},
});
const STAFF = signedIn(['admin', 'superadmin']);

export default {
  routes: [
    // Paused (503) for seekers while maintenance mode is on; staff recording an enquiry goes on.
    {
      method: 'POST',
      path: '/enquiries',
      handler: 'enquiries.create',
      config: { auth: false, policies: [signedIn(), 'api::system-setting.open-for-business'] },
    },
    {
      method: 'GET',
      path: '/enquiries',
      handler: 'enquiries.own',
      config: { auth: false, policies: [signedIn()] },
    },
    {
      method: 'GET',
      path: '/enquiries/admin',
      handler: 'enquiries.all',
      config: { auth: false, policies: [STAFF] },
    },
    {
      method: 'PUT',
      path: '/enquiries/:id',
      handler: 'enquiries.update',
      config: { auth: false, policies: [STAFF] },
    },
  ],
};
