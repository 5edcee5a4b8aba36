import type { Core } from '@strapi/strapi';
import type { WriteAction } from './services/workflow.service';
import { registerAuditTrail } from './audit-middleware';
import { getService } from './get-service';

/**
 * The document-service middleware: every create and update of a governed content type, whatever
 * code makes it, gets its approval state from the writer's role (see the workflow service). It is
 * registered in the plugin's register, before the app's own document middlewares, so it sees the
 * data as the caller wrote it (before derived fields such as the GH₵ price are added).
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const workflow = () => getService(strapi, 'workflow');
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if ((action === 'create' || action === 'update') && workflow().governs(context.uid)) {
      const role = workflow().writerRole();
      if (role) {
        const params = context.params as { data?: Record<string, unknown> };
        const asked = params.data ?? {};
        const data = workflow().dataForWrite(context.uid, action as WriteAction, role, asked);
        params.data = data;
        const t = workflow().typeOf(context.uid);
        // An edit that sends an approved item back: it keeps the mark of having been approved.
        const documentId = (context.params as { documentId?: string }).documentId;
        if (action === 'update' && documentId && data[t.field] === 'unapproved')
          await getService(strapi, 'deletions').markIfLeavingApproved(context.uid, t.field, documentId);
        // A create that waits, or an edit that sends an item back: the approvers are told, in the
        // write's transaction (their e-mail goes to the outbox with it).
        const queued =
          data[t.field] === 'unapproved' && asked[t.field] === undefined && !t.approvers.includes(role);
        if (!queued) return next();
        return strapi.db.transaction(async () => {
          const result = await next();
          await workflow().tellApprovers(
            context.uid,
            result as unknown as Record<string, unknown> | null,
            action as WriteAction,
          );
          return result;
        });
      }
    }
    return next();
  });
  registerAuditTrail(strapi);
};
