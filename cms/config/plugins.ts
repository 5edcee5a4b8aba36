import type { Core } from '@strapi/strapi';
import { MESSAGES } from '@fie/domain';
import { dkimOptions, namedSender } from '../src/shared/mail-sender';

export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const smtpUser = env('SMTP_USER', '');
  const cloudinary = env('CLOUDINARY_NAME', '');
  const from = env('EMAIL_FROM', 'Fie Homes <no-reply@fiehomes.local>');
  // Every message the transport sends is signed when the three DKIM settings are set.
  const dkim = dkimOptions({
    domain: env('DKIM_DOMAIN', ''),
    selector: env('DKIM_SELECTOR', ''),
    privateKey: env('DKIM_PRIVATE_KEY', ''),
  });

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
          ...(dkim ? { dkim } : {}),
        },
        settings: {
          // With a display name even when EMAIL_FROM is a bare address; the outbox puts the site
          // settings' brand there instead (outbox.service.ts).
          defaultFrom: namedSender(from),
          // EMAIL_FROM as set: whether it names the sender itself is the outbox's to read.
          emailFrom: from,
          defaultReplyTo: namedSender(env('EMAIL_REPLY_TO', from)),
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
    // The shared infrastructure (the clock, the mailer, the e-mail outbox, the rate limiter): declared
    // first, so it loads (and its outbox starts) before the plugins that use it.
    platform: { enabled: true, resolve: './src/plugins/platform' },
    'site-cache': { enabled: true, resolve: './src/plugins/site-cache' },
    // One approval workflow for the content types below (src/plugins/approvals). What is the same for
    // every type is the plugin's rule; what differs is written here, one key per difference.
    approvals: {
      enabled: true,
      resolve: './src/plugins/approvals',
      config: {
        contentTypes: {
          // Properties ("products" in the API's paths). The public listing shows approved ones only.
          'api::property.property': {
            // The enumeration that holds 'approved' | 'unapproved'.
            field: 'approvalStatus',
            // A superadmin's listing is public at once and only a superadmin approves or rejects;
            // an admin's new listing waits in the queue.
            approvers: ['superadmin'],
            // An admin's edit sends the listing back for approval...
            requeueEditsBy: ['admin'],
            // ...unless it only marks it available or not: taking a listing off the market (or back on)
            // changes nothing a superadmin approved. Every other field is what the public reads.
            requeueIgnores: ['available'],
            // GET /api/products/unapproved, PUT /api/products/approve/:id
            path: '/products',
            // Newest first, 10 a page (at most 50), the total in X-Total-Count; ?search= over location and
            // type (on PostgreSQL the trigram indexes of api/property/catalogue/search-indexes.ts answer it).
            queue: {
              sort: [{ createdAt: 'desc' }, { id: 'desc' }],
              paging: { pageSize: 10, maxPageSize: 50 },
              searchFields: ['location', 'propertyType'],
              limit: 50,
            },
            answer: {
              key: 'product',
              approved: MESSAGES.propertyApproved,
              kept: MESSAGES.propertyKeptUnapproved,
              notFound: MESSAGES.propertyNotFound,
              deleted: MESSAGES.propertyDeleted,
              deletionRejected: MESSAGES.propertyDeletionRejected,
            },
            // Answers in the shape of /api/products (toPublicProperty).
            view: 'api::property.catalogue',
            // A reject note is e-mailed to the account that posted the listing.
            review: { submitter: 'postedBy', label: 'location', noun: 'listing' },
          },
          // Deals: a closed letting with its commission, recorded by staff.
          'api::deal.deal': {
            field: 'approvalStatus',
            // A superadmin's deal counts at once and only a superadmin approves or rejects.
            approvers: ['superadmin'],
            // Every admin edit sends the deal back: each of its fields is a figure or a party of the
            // deal (no field is only a flag like a property's `available`).
            requeueEditsBy: ['admin'],
            requeueIgnores: [],
            // GET /api/deals/unapproved, PUT /api/deals/approve/:id
            path: '/deals',
            // By deal date, newest first, 10 a page (at most 50) with the total in X-Total-Count, like the
            // property queue, which the back-office shows alike; ?search= over tenant and closer (trigram indexes
            // on PostgreSQL, api/deal/search-indexes.ts).
            queue: {
              sort: [{ dealDate: 'desc' }, { id: 'desc' }],
              paging: { pageSize: 10, maxPageSize: 50 },
              searchFields: ['tenantName', 'closerName'],
              limit: 50,
            },
            answer: {
              key: 'deal',
              approved: MESSAGES.dealApproved,
              kept: MESSAGES.dealKeptUnapproved,
              notFound: MESSAGES.dealNotFound,
              deleted: MESSAGES.dealDeleted,
              deletionRejected: MESSAGES.dealDeletionRejected,
            },
            // Answers in the shape of /api/deals (toDeal).
            view: 'api::deal.deals',
            // A reject note is e-mailed to the staff member who logged the deal.
            review: { submitter: 'loggedBy', label: 'tenantName', noun: 'deal' },
          },
        },
        // The staff audit trail (GET /api/audit, superadmin only): every create, update and delete of
        // these types made in a staff member's request is kept as one entry. `label` names the field
        // that says which record it was; approvals and rejections are logged as such, not as edits.
        audit: {
          'api::property.property': { resource: 'property', label: 'location' },
          'api::deal.deal': { resource: 'deal', label: 'tenantName' },
          // Staff schedule viewings; a change of status is logged with "old → new".
          'plugin::viewings.appointment': {
            resource: 'appointment',
            label: 'propertyLabel',
            createdAs: 'scheduled',
            statusField: 'status',
          },
          'api::enquiry.enquiry': { resource: 'enquiry', label: 'name', updatedAs: 'updated' },
          // Staff resolving or dismissing a visitor's report is logged with "open → resolved".
          'api::report.report': { resource: 'report', label: 'propertyLabel', statusField: 'status' },
        },
      },
    },
    viewings: { enabled: true, resolve: './src/plugins/viewings' },
    // Threads of messages on each enquiry and viewing, between the seeker and staff, with the scam guard.
    conversations: { enabled: true, resolve: './src/plugins/conversations' },
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
    // Declared after users-permissions, so it loads (and bootstraps) after the plugin whose users,
    // roles and sessions it builds on.
    accounts: { enabled: true, resolve: './src/plugins/accounts' },
  };
};
