/** The admin-panel permission to refresh the public site (Settings → Roles → Plugins → Site cache). */
export const REFRESH_SITE_ACTION = 'plugin::site-cache.refresh';

export const PANEL_ACTIONS = [
  { section: 'plugins', displayName: 'Refresh the public site', uid: 'refresh', pluginName: 'site-cache' },
];
