// Conversations. `prefix: ''` mounts each route straight under /api (not /api/conversations), so a
// thread sits under its enquiry or viewing. Seekers reach only their own subjects' threads (the
// service answers 404 for anyone else's); staff reach every thread, as they see every enquiry and viewing.
const signedIn = (roles?: string[]) => ({
  name: 'plugin::accounts.signed-in',
  config: roles ? { roles } : {},
});
const STAFF = signedIn(['admin', 'superadmin']);
const ROUTE = { auth: false, prefix: '' } as const;
// Writing pauses for seekers (503) while maintenance mode is on, as enquiries and bookings do.
const WRITE = [signedIn(), 'api::system-setting.open-for-business'];

export default {
  'content-api': {
    type: 'content-api',
    routes: [
      {
        method: 'GET',
        path: '/enquiries/:id/messages',
        handler: 'thread.enquiryMessages',
        config: { ...ROUTE, policies: [signedIn()] },
      },
      {
        method: 'POST',
        path: '/enquiries/:id/messages',
        handler: 'thread.enquiryPost',
        config: { ...ROUTE, policies: WRITE },
      },
      {
        method: 'GET',
        path: '/appointments/:id/messages',
        handler: 'thread.appointmentMessages',
        config: { ...ROUTE, policies: [signedIn()] },
      },
      {
        method: 'POST',
        path: '/appointments/:id/messages',
        handler: 'thread.appointmentPost',
        config: { ...ROUTE, policies: WRITE },
      },
      // The caller's identity for the site's stream of their events, and the site's own connections
      // (named by the stream key, not by an account): every event, and a browser's reconnect.
      // How fast staff reply: the public median (the contact page), and per member of staff.
      { method: 'GET', path: '/response-times', handler: 'thread.publicReplyTimes', config: { ...ROUTE } },
      {
        method: 'GET',
        path: '/threads/response-times',
        handler: 'thread.replyTimes',
        config: { ...ROUTE, policies: [STAFF] },
      },
      // A seeker's own conversations to keep: ?format=json (the default) or html.
      {
        method: 'GET',
        path: '/threads/export',
        handler: 'thread.export',
        config: { ...ROUTE, policies: [signedIn(['user'])] },
      },
      {
        method: 'GET',
        path: '/threads/identity',
        handler: 'stream.identity',
        config: { ...ROUTE, policies: [signedIn()] },
      },
      { method: 'GET', path: '/threads/internal/stream', handler: 'stream.stream', config: { ...ROUTE } },
      { method: 'GET', path: '/threads/internal/events', handler: 'stream.replay', config: { ...ROUTE } },
      {
        method: 'GET',
        path: '/threads',
        handler: 'thread.list',
        config: { ...ROUTE, policies: [signedIn()] },
      },
      {
        method: 'PUT',
        path: '/threads/:kind/:id',
        handler: 'thread.assign',
        config: { ...ROUTE, policies: [STAFF] },
      },
      {
        method: 'POST',
        path: '/threads/messages/:id/review',
        handler: 'thread.review',
        config: { ...ROUTE, policies: [STAFF] },
      },
    ],
  },
};
