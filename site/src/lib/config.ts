/** Where the site reaches the cms from the server side (never exposed to the browser). */
export const CMS_URL = (process.env.CMS_URL ?? 'http://127.0.0.1:1337').replace(/\/+$/, '');
