const superadmin = { name: 'plugin::accounts.signed-in', config: { roles: ['superadmin'] } };

export default {
  routes: [
    {
      method: 'GET',
      path: '/system-settings',
      handler: 'system.show',
      config: { auth: false, policies: [superadmin] },
    },
    {
      method: 'PUT',
      path: '/system-settings',
      handler: 'system.update',
      config: { auth: false, policies: [superadmin] },
    },
    {
      method: 'GET',
      path: '/system-status',
      handler: 'system.status',
      config: { auth: false, policies: [] },
    },
  ],
};
