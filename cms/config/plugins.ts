export default ({ env }: { env: any }) => {
  const smtpUser = env('SMTP_USER', '');
  const cloudinary = env('CLOUDINARY_NAME', '');

  return {
    email: {
      config: {
        provider: 'nodemailer',
        providerOptions: {
          host: env('SMTP_HOST', '127.0.0.1'),
          port: env.int('SMTP_PORT', 1025),
          secure: env.bool('SMTP_SECURE', false),
          ...(smtpUser ? { auth: { user: smtpUser, pass: env('SMTP_PASS', '') } } : {}),
          // The local catcher speaks plain SMTP; real relays negotiate STARTTLS themselves.
          ignoreTLS: !smtpUser,
        },
        settings: {
          defaultFrom: env('EMAIL_FROM', 'Fie Homes <no-reply@fiehomes.local>'),
          defaultReplyTo: env('EMAIL_REPLY_TO', env('EMAIL_FROM', 'Fie Homes <no-reply@fiehomes.local>')),
        },
      },
    },
    upload: {
      config: {
        sizeLimit: 10 * 1024 * 1024,
        breakpoints: { large: 1200, medium: 800, small: 480 },
        ...(cloudinary
          ? {
              provider: 'cloudinary',
              providerOptions: {
                cloud_name: cloudinary,
                api_key: env('CLOUDINARY_KEY'),
                api_secret: env('CLOUDINARY_SECRET'),
              },
              actionOptions: { upload: {}, uploadStream: {}, delete: {} },
            }
          : {}),
      },
    },
    // Our own plugins, one folder each under src/plugins. Strapi loads a local plugin only when it is
    // declared here with `enabled: true` (the server and the admin build both skip it otherwise).
    'site-cache': { enabled: true, resolve: './src/plugins/site-cache' },
    viewings: { enabled: true, resolve: './src/plugins/viewings' },
    'users-permissions': {
      config: {
        jwtSecret: env('JWT_SECRET'),
        // Short access tokens (the `token`) plus a refresh token in an httpOnly cookie; sessions
        // live in the database, so signing out or resetting a password ends them everywhere.
        jwtManagement: 'refresh',
        sessions: {
          accessTokenLifespan: env.int('ACCESS_TOKEN_SECONDS', 15 * 60),
          maxRefreshTokenLifespan: 30 * 24 * 3600,
          idleRefreshTokenLifespan: 14 * 24 * 3600,
          httpOnly: true,
        },
      },
    },
  };
};
