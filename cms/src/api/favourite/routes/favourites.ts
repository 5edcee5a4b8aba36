// A signed-in account's saved properties. Plain columns rather than relations, so one unique index
// keeps a property once per account, and a deleted property leaves its row to show "No longer available".
const SIGNED_IN = { name: 'plugin::accounts.signed-in', config: {} };

export default {
  routes: [
    {
      method: 'GET',
      path: '/favourites',
      handler: 'favourites.list',
      config: { auth: false, policies: [SIGNED_IN] },
    },
    {
      method: 'PUT',
      path: '/favourites/:propertyId',
      handler: 'favourites.save',
      config: { auth: false, policies: [SIGNED_IN] },
    },
    {
      method: 'DELETE',
      path: '/favourites/:propertyId',
      handler: 'favourites.remove',
      config: { auth: false, policies: [SIGNED_IN] },
    },
  ],
};
