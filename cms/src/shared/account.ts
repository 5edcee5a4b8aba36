import type { Data } from '@strapi/strapi';

// The signed-in caller as the accounts plugin's `signed-in` policy and its sessions service describe
// it (ctx.state.user / ctx.state.role). A type shared by every concept that acts for an account, so
// none of them imports the accounts plugin's files.
export type Role = 'user' | 'admin' | 'superadmin';

/** A users-permissions user as strapi.db.query reads it (with `role` populated where asked). */
export type User = Data.ContentType<'plugin::users-permissions.user'>;

export interface Account {
  user: User;
  role: Role;
  sessionId?: string;
}

export const isStaff = (account: Account | null) =>
  account?.role === 'admin' || account?.role === 'superadmin';
