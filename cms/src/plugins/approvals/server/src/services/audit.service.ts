import type { Core } from '@strapi/strapi';
import type { AuditAction, AuditEntry, AuditResource } from '@fie/domain';
import { documentData } from '../../../../../shared/document-data';
import { requestState } from '../../../../../shared/request-state';

export const AUDIT_UID = 'plugin::approvals.audit-entry' as const;
const STAFF = new Set(['admin', 'superadmin']);

/** The staff account a request is made by, as the signed-in policy left it; null for anyone else. */
export interface Actor {
  id: string | null;
  email: string;
  role: string;
}

export interface AuditRecord {
  actor: Actor;
  action: AuditAction;
  resource: AuditResource;
  resourceId?: string | null;
  label?: string | null;
  detail?: string | null;
}

interface EntryRow {
  documentId: string;
  actorId: string | null;
  actorEmail: string;
  actorRole: string;
  action: AuditAction;
  resourceType: AuditResource;
  resourceId: string | null;
  resourceLabel: string | null;
  detail: string | null;
  createdAt: string | Date;
}

const cut = (text: string | null | undefined, max: number) =>
  text == null ? null : String(text).slice(0, max);

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The staff account behind the current request, or null (a seeker, no request, start-up code). */
  currentActor(): Actor | null {
    const state = requestState(strapi.requestContext.get());
    const role = state.role;
    const email = state.user?.email;
    if (typeof role !== 'string' || !STAFF.has(role) || typeof email !== 'string') return null;
    const id = state.user?.documentId;
    return { id: typeof id === 'string' ? id : null, email, role };
  },

  /**
   * Keeps one entry. A failure to keep it is logged, not thrown: the action it describes has
   * already happened, and the staff member must not be told it failed.
   */
  async record(entry: AuditRecord): Promise<void> {
    try {
      // Through the document service, which gives the entry its documentId (the db layer does not).
      await strapi.documents(AUDIT_UID).create({
        data: documentData(AUDIT_UID, {
          actorId: entry.actor.id,
          actorEmail: cut(entry.actor.email, 254),
          actorRole: entry.actor.role,
          action: entry.action,
          resourceType: entry.resource,
          resourceId: cut(entry.resourceId, 64),
          resourceLabel: cut(entry.label, 300),
          detail: cut(entry.detail, 300),
        }),
      });
    } catch (error) {
      strapi.log.error(
        `audit: could not keep "${entry.action} ${entry.resource}" by ${entry.actor.email}: ${(error as Error).message}`,
      );
    }
  },

  /** Newest first, one page, with the total. */
  async page({
    page,
    pageSize,
  }: {
    page: number;
    pageSize: number;
  }): Promise<{ items: AuditEntry[]; total: number }> {
    const query = strapi.db.query(AUDIT_UID);
    const [rows, total] = await Promise.all([
      query.findMany({
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        offset: (page - 1) * pageSize,
        limit: pageSize,
      }) as Promise<EntryRow[]>,
      query.count({}),
    ]);
    return {
      total,
      items: rows.map((r) => ({
        _id: r.documentId,
        user: { id: r.actorId, email: r.actorEmail, role: r.actorRole },
        action: r.action,
        resource: { type: r.resourceType, id: r.resourceId, label: r.resourceLabel ?? '' },
        detail: r.detail,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    };
  },
});
