import type { Core } from '@strapi/strapi';

// Only the public site may call the API from a browser with credentials; every other origin gets no
// Access-Control-Allow-Origin, so a page elsewhere cannot read answers with the visitor's cookie.
const siteOrigin = (siteUrl: string) => new URL(siteUrl).origin;

export default ({ env }: Core.Config.Shared.ConfigParams) => [
  // First: forwarding headers from a peer not in TRUSTED_PROXIES are dropped before anything reads them.
  'global::trusted-proxies',
  'strapi::logger',
  // Outside error-message, so it translates the answer that one has finished shaping.
  'global::answer-language',
  'global::error-message',
  'strapi::errors',
  'global::database-unavailable',
  {
    name: 'strapi::security',
    config: {
      // No other site may embed what the cms answers (a no-cors read, as an image or a script, is
      // refused by the browser); the admin panel and the site's proxy are same-origin with it.
      // Uploaded images are the exception: uploads-served-safely sends them `cross-origin`.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:', 'res.cloudinary.com'],
          'media-src': ["'self'", 'data:', 'blob:', 'res.cloudinary.com'],
          upgradeInsecureRequests: null,
        },
      },
    },
  },
  {
    name: 'strapi::cors',
    config: { origin: [siteOrigin(env('SITE_URL') || 'http://127.0.0.1:4321')], credentials: true },
  },
  'strapi::query',
  'global::upload-size-message',
  {
    name: 'strapi::body',
    config: {
      // JSON bodies are small forms; anything bigger is refused with 413 before it reaches a controller.
      jsonLimit: '256kb',
      formLimit: '256kb',
      textLimit: '256kb',
      formidable: {
        // One image at most 10 MB (the back-office's limit); a few images per request.
        maxFileSize: 10 * 1024 * 1024,
        maxTotalFileSize: 60 * 1024 * 1024,
      },
    },
  },
  // After the body is read: a NUL in the query or the body is a 400, not a database error.
  'global::no-nul-text',
  'strapi::session',
  'strapi::favicon',
  'global::uploads-served-safely',
  'strapi::public',
];
