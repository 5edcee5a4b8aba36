// The same action the server registers (server/src/permissions.ts); the panel hides the page without it.
export const REFRESH_SITE = [{ action: 'plugin::site-cache.refresh', subject: null }];
