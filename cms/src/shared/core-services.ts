import type { Core } from '@strapi/strapi';

// Strapi's own plugins answer `plugin().service()` with `any`. These are the few of their services the
// project calls, typed by what it calls, so a misspelt method or argument fails the typecheck.

interface UploadedFile {
  id: number;
  provider_metadata?: Record<string, unknown> | null;
}

interface UploadService {
  upload(input: {
    data: { fileInfo: { name: string; alternativeText?: string | null; caption?: string | null } };
    files: { filepath: string; originalFilename: string; mimetype: string; size: number };
  }): Promise<UploadedFile[]>;
}

interface EmailService {
  send(message: {
    to: string;
    /** nodemailer's address object: it quotes or encodes the name itself. */
    from?: { name: string; address: string };
    subject: string;
    html?: string | null;
    text?: string | null;
    messageId?: string;
    attachments?: unknown[];
  }): Promise<unknown>;
}

/** A provider as users-permissions' registry keeps it; `authCallback` turns a token into a profile. */
interface ProviderEntry {
  [key: string]: unknown;
  authCallback?: (input: { accessToken: string }) => Promise<unknown>;
}

interface UsersPermissionsServices {
  user: { validatePassword(password: string, hash: string): Promise<boolean> };
  'providers-registry': {
    run(input: {
      provider: string;
      accessToken: string;
      query: unknown;
      providers: unknown;
    }): Promise<{ email?: string }>;
    get(name: string): ProviderEntry | undefined;
    add(name: string, provider: ProviderEntry): void;
  };
  providers: { connect(provider: string, query: { access_token: string }): Promise<{ email: string }> };
}

export const getUploadService = (strapi: Core.Strapi): UploadService =>
  strapi.plugin('upload').service('upload');

export const getEmailService = (strapi: Core.Strapi): EmailService => strapi.plugin('email').service('email');

export const getUsersPermissionsService = <Name extends keyof UsersPermissionsServices>(
  strapi: Core.Strapi,
  name: Name,
): UsersPermissionsServices[Name] => strapi.plugin('users-permissions').service(name);
