import type { Core } from '@strapi/strapi';
import { pageParams } from '../../../../../shared/paging';
import { getService } from '../get-service';

interface AuditContext {
  query: Record<string, unknown>;
  body: unknown;
  set(name: string, value: string): void;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/audit: the staff activity log, newest first, 20 a page (at most 100), X-Total-Count. */
  async list(ctx: AuditContext) {
    const { page, pageSize } = pageParams(ctx.query, 20, 100);
    const { items, total } = await getService(strapi, 'audit').page({ page, pageSize });
    ctx.set('X-Total-Count', String(total));
    ctx.body = items;
  },
});
