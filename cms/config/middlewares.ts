export default [
  'strapi::logger',
  'global::error-message',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
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
  'strapi::cors',
  'strapi::poweredBy',
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
        // One image at most 10 MB (the back-office specification); a few images per request.
        maxFileSize: 10 * 1024 * 1024,
        maxTotalFileSize: 60 * 1024 * 1024,
      },
    },
  },
  'strapi::session',
  'strapi::favicon',
  'global::uploads-served-safely',
  'strapi::public',
];
