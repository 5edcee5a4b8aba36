// Leads: the property page's WhatsApp and Call buttons record one (anonymous, limited per network
// address in the controller), and staff read the summary of a period.
const STAFF = { name: 'plugin::accounts.signed-in', config: { roles: ['admin', 'superadmin'] } };

export default {
  routes: [
    {
      method: 'POST',
      path: '/leads',
      handler: 'leads.record',
      // Open to everyone: a visitor about to chat need not be signed in. Nothing personal is kept.
      config: { auth: false, policies: [] },
    },
    {
      method: 'GET',
      path: '/leads/summary',
      handler: 'leads.summary',
      config: { auth: false, policies: [STAFF] },
    },
  ],
};
