import type { Core } from '@strapi/strapi';
import { getService } from '../get-service';

const PROPERTY_UID = 'api::property.property';

/**
 * The document-service middleware that keeps the approved version: around every property update
 * that sets it unapproved (kept first) or approved (dropped after), and every delete, in the write's
 * transaction. Registered in the property API's register, inside the approvals plugin's middleware,
 * which has by then set the state the write will leave.
 */
export function registerApprovedVersions(strapi: Core.Strapi): void {
  const versions = () => getService(strapi, 'approved-versions');
  strapi.documents.use(async (context, next) => {
    if (context.uid !== PROPERTY_UID) return next();
    const action = context.action as string;
    const params = context.params as { documentId?: string; data?: Record<string, unknown> };
    const documentId = params.documentId;
    if (!documentId || (action !== 'update' && action !== 'delete')) return next();
    const state = action === 'delete' ? 'gone' : params.data?.approvalStatus;
    if (state !== 'unapproved' && state !== 'approved' && state !== 'gone') return next();
    return strapi.db.transaction(async ({ trx }) => {
      if (state === 'unapproved') await versions().keepIfApproved(trx, documentId);
      const result = await next();
      if (state !== 'unapproved') await versions().forget(trx, documentId);
      return result;
    });
  });
}
