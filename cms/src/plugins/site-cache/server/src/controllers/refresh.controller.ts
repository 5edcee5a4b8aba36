import type { Core } from '@strapi/strapi';
import type { Context } from '../../../../../shared/context';
import { getService } from '../get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async refresh(ctx: Context) {
    const result = await getService(strapi, 'refresh').refreshNow();
    strapi.log.info(
      `[site-cache] ${ctx.state.user?.email ?? 'a panel user'} refreshed the public site (${result.purged} pages)`,
    );
    ctx.body = result;
  },
});
