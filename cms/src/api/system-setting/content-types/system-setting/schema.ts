// System settings (the back-office's System screen): set by the superadmin in the back-office, not by marketing in the
// panel (the panel does not show the type). One row.
export default {
  kind: 'singleType',
  collectionName: 'system_settings',
  info: {
    singularName: 'system-setting',
    pluralName: 'system-settings',
    displayName: 'System settings',
    description: 'Staff notices address and maintenance mode',
  },
  options: { draftAndPublish: false },
  pluginOptions: {
    'content-manager': { visible: false },
    'content-type-builder': { visible: false },
  },
  attributes: {
    // Where staff notices go; empty: the site settings' staff notification address.
    systemEmail: { type: 'email' },
    // While on, the public site shows a notice and sign-up, booking and enquiries answer 503.
    maintenanceMode: { type: 'boolean', default: false, required: true },
  },
} as const;
