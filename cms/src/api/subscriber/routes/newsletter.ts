// The footer's subscribe box: open to everyone (an e-mail address is all it takes), limited per
// network address so it cannot be used to fill the list.
export default {
  routes: [
    {
      method: 'POST',
      path: '/newsletter',
      handler: 'newsletter.subscribe',
      config: { auth: false, policies: [] },
    },
  ],
};
