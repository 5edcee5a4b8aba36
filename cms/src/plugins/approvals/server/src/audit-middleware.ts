import type { Core } from '@strapi/strapi';
import type { AuditAction, AuditResource } from '@fie/domain';
import type { AuditedType } from './types';
import { getService } from './get-service';
import { requestState } from '../../../../shared/request-state';

type Write = 'create' | 'update' | 'delete';
const WRITES = new Set<string>(['create', 'update', 'delete']);

/** The action an entry says, from the write, the type's rule and what the record was before. */
function actionOf(
  write: Write,
  t: AuditedType,
  data: Record<string, unknown>,
  before: Record<string, unknown> | null,
): { action: AuditAction; detail: string | null } {
  if (write === 'delete') return { action: 'deleted', detail: null };
  if (write === 'create') return { action: t.createdAs ?? 'created', detail: null };
  if (t.statusField && data[t.statusField] !== undefined && data[t.statusField] !== before?.[t.statusField]) {
    return {
      action: 'status-changed',
      detail: `${String(before?.[t.statusField] ?? '')} → ${String(data[t.statusField])}`,
    };
  }
  return { action: t.updatedAs ?? 'edited', detail: null };
}

/**
 * The staff audit trail's document-service middleware: every create, update and delete of an audited
 * content type made in a staff member's request is kept as one entry (who, what, which record, when),
 * whatever code makes the write. Writes outside a staff request (a seeker booking, start-up code,
 * the demo seeder) are not staff actions and are not kept.
 */
export function registerAuditTrail(strapi: Core.Strapi): void {
  const audit = () => getService(strapi, 'audit');
  const audited = () => strapi.config.get('plugin::approvals.audit', {}) as Record<string, AuditedType>;

  strapi.documents.use(async (context, next) => {
    const t = audited()[context.uid];
    const write = context.action as string;
    if (!t || !WRITES.has(write)) return next();
    const actor = audit().currentActor();
    if (!actor) return next();

    const params = context.params as { documentId?: string; data?: Record<string, unknown> };
    const data = params.data ?? {};
    const fields = [t.label, ...(t.statusField ? [t.statusField] : [])];
    const before =
      write !== 'create' && params.documentId
        ? ((await strapi.db
            .query(context.uid)
            .findOne({ where: { documentId: params.documentId }, select: fields })) as Record<
            string,
            unknown
          > | null)
        : null;

    const result = await next();
    const doc = result as unknown as { documentId?: string; [field: string]: unknown } | null;

    // The workflow's decide (approve / keep unapproved) names its update, so it is not logged as an edit;
    // a reject's note, or why a delete happened, is the entry's detail.
    const state = requestState(strapi.requestContext.get());
    const decided = write === 'update' ? state.auditAs : undefined;
    const own = actionOf(write as Write, t, data, before);
    // A decision names itself; a delete may say why (a deletion an admin asked for, approved).
    const { action, detail } = decided
      ? { action: decided, detail: state.auditDetail ?? null }
      : write === 'delete'
        ? { ...own, detail: state.auditDetail ?? null }
        : own;
    const label = (doc && typeof doc[t.label] === 'string' ? doc[t.label] : before?.[t.label]) as
      | string
      | undefined;
    await audit().record({
      actor,
      action,
      resource: t.resource as AuditResource,
      resourceId: doc?.documentId ?? params.documentId ?? null,
      label: label ?? null,
      detail,
    });
    return result;
  });
}
