import type { Core } from '@strapi/strapi';
import { getService } from '../get-service';

const PROPERTY_UID = 'api::property.property';

/**
 * Every write of a property, from the API, the approval queue or the panel, passes here: a new
 * property's first price and every later change of amount or currency is recorded (with who made it),
 * and the row's reduced_at / reduced_by_ghs follow. In the write's transaction, so a price and its
 * history are kept or lost together. A delete takes the property's history with it.
 */
export function registerPriceHistory(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid !== PROPERTY_UID || !['create', 'update', 'delete'].includes(action)) return next();
    const params = context.params as { documentId?: string; data?: Record<string, unknown> };
    const history = getService(strapi, 'price-history');
    if (action === 'update' && !(params.data && ('priceAmount' in params.data || 'currency' in params.data)))
      return next();

    return strapi.db.transaction(async () => {
      const before =
        action === 'update' && params.documentId ? await history.priceOf(params.documentId) : null;
      const result = await next();
      const documentId = params.documentId ?? (result as { documentId?: string } | null)?.documentId;
      if (!documentId) return result;
      if (action === 'delete') {
        // A delete that waits for a superadmin's approval leaves the property (and its history) in place.
        if (!(await history.priceOf(documentId))) await history.forget(documentId);
      } else if (action === 'create' || before) {
        await history.noteWrite(documentId, before);
      }
      return result;
    });
  });
}
