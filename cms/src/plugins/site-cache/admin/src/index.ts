import { ArrowClockwise } from '@strapi/icons';
import type { StrapiApp } from '@strapi/strapi/admin';
import { REFRESH_SITE } from './permissions';

const PLUGIN_ID = 'site-cache';

export default {
  register(app: StrapiApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: ArrowClockwise,
      intlLabel: { id: `${PLUGIN_ID}.menu`, defaultMessage: 'Refresh the public site' },
      permissions: REFRESH_SITE,
      Component: () => import('./pages/refresh-site-page'),
    });
    app.registerPlugin({ id: PLUGIN_ID, name: 'Site cache' });
  },
};
