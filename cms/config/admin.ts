export default ({ env }: { env: any }) => ({
  auth: {
    secret: env('ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: env('API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY'),
  },
  // Tests and API-only processes do not need the admin panel's static bundle.
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  flags: {
    nps: false,
    promoteEE: false,
  },
});
