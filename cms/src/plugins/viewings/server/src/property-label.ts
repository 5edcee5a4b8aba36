import type { Core } from '@strapi/strapi';
import { propertyLabel } from '@fie/domain';
import { APPOINTMENT_UID } from './slot-key';

const PROPERTY_UID = 'api::property.property';

// How a viewing names its property is the shared rule of every record that names one.
export { propertyLabel };

/**
 * Staff search viewings by the property's location through this label (one indexed column instead
 * of a join), so a property whose location or type is edited renames its viewings' label too. The
 * label names the listing as last approved: a seeker reads it (in their dashboard and e-mails), so an
 * admin's edit waiting for review renames nothing until it is approved.
 */
export function registerPropertyLabelSync(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (context.uid !== PROPERTY_UID || (context.action as string) !== 'update') return result;
    const params = context.params as { data?: Record<string, unknown>; documentId?: string };
    const data = params.data;
    if (
      !params.documentId ||
      !data ||
      !('location' in data || 'propertyType' in data || data.approvalStatus === 'approved')
    )
      return result;
    const property: { propertyType: string; location: string; approvalStatus: string } | null =
      await strapi.db.query(PROPERTY_UID).findOne({
        where: { documentId: params.documentId },
        select: ['propertyType', 'location', 'approvalStatus'],
      });
    if (!property || property.approvalStatus !== 'approved') return result;
    const rows: { id: number }[] = await strapi.db
      .query(APPOINTMENT_UID)
      .findMany({ where: { property: { documentId: params.documentId } }, select: ['id'] });
    if (rows.length > 0) {
      await strapi.db.query(APPOINTMENT_UID).updateMany({
        where: { id: { $in: rows.map((r) => r.id) } },
        data: { propertyLabel: propertyLabel(property) },
      });
    }
    return result;
  });
}
