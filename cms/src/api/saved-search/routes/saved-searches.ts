// A signed-in account's saved searches, and the unsubscribe link of their alert e-mails (no sign-in:
// it is followed from an e-mail, and its signed token is what allows it).
const SIGNED_IN = { name: 'plugin::accounts.signed-in', config: {} };
const signedIn = (method: string, path: string, handler: string) => ({
  method,
  path,
  handler: `saved-searches.${handler}`,
  config: { auth: false, policies: [SIGNED_IN] },
});
const byToken = (method: string, path: string, handler: string) => ({
  method,
  path,
  handler: `saved-searches.${handler}`,
  config: { auth: false },
});

export default {
  routes: [
    signedIn('GET', '/saved-searches', 'list'),
    signedIn('POST', '/saved-searches', 'create'),
    byToken('POST', '/saved-searches/unsubscribe', 'unsubscribe'),
    byToken('GET', '/saved-searches/unsubscribe', 'unsubscribePage'),
    byToken('POST', '/saved-searches/resubscribe', 'resubscribe'),
    byToken('GET', '/saved-searches/by-token', 'byToken'),
    signedIn('PUT', '/saved-searches/:id', 'update'),
    signedIn('DELETE', '/saved-searches/:id', 'remove'),
  ],
};
