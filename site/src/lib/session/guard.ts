// Who may see a protected page: the route guards of the account pages and of the back-office.
import { loginUrl, type Session } from './store';

/** signed-in: any account; staff: admin or superadmin; superadmin: superadmin only. */
export type Access = 'signed-in' | 'staff' | 'superadmin';

export type GuardDecision = { allow: true } | { allow: false; redirect: string };

export function guardDecision(session: Session | null, access: Access, currentPath: string): GuardDecision {
  if (!session) return { allow: false, redirect: loginUrl(currentPath) };
  const { role } = session.user;
  if (access === 'staff' && role === 'user') return { allow: false, redirect: loginUrl(currentPath) };
  if (access === 'superadmin' && role !== 'superadmin') return { allow: false, redirect: '/dashboard' };
  return { allow: true };
}
