import type { AuditAction } from '@fie/domain';

/**
 * What this cms keeps in Koa's `ctx.state` during a request, for code that is handed a context (or
 * reads `strapi.requestContext.get()`, which is undefined outside a request: cron, start-up). Every
 * field may be missing: a visitor's request has no user, and Strapi's panel routes have no role.
 */
export interface RequestState {
  /** The signed-in account (the signed-in policy, or users-permissions' own auth). */
  user?: { id?: number | string; documentId?: string; email?: string };
  /** The account's role type (authenticated, admin, superadmin), set by the signed-in policy. */
  role?: string;
  /** The session this request was signed in with. */
  session?: { id?: string };
  /** How the audit trail names an approval decision written in this request (set by the approvals flow). */
  auditAs?: AuditAction;
  /** The audit entry's detail for that decision or for a delete (a reject note, who asked for a deletion). */
  auditDetail?: string;
}

/** The request's state, typed; an empty state outside a request. */
export const requestState = (ctx: { state?: unknown } | null | undefined): RequestState =>
  (ctx?.state as RequestState | undefined) ?? {};
