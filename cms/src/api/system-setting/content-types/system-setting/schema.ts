// System settings (the back-office's System screen): set by the superadmin in the back-office, not by marketing in the
// panel (the panel does not show the type). One row.
export default {
  kind: 'singleType',
  collectionName: 'system_settings',
  info: {
    singularName: 'system-setting',
    pluralName: 'system-settings',
    displayName: 'System settings',
    description: 'Staff notices address, maintenance mode, the no-show rule and the daily text budget',
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
    // The no-show rule: this many missed viewings within the window pause a seeker's booking for the pause.
    // Empty (a row written before these existed): the defaults in @fie/domain.
    noShowLimit: { type: 'integer', min: 1, max: 10 },
    noShowWindowDays: { type: 'integer', min: 1, max: 365 },
    noShowPauseDays: { type: 'integer', min: 1, max: 365 },
    // Fresh listings: unconfirmed for this many days reads "May no longer be available"; for the second,
    // the listing leaves the public listing until confirmed. Empty: the defaults in @fie/domain.
    staleAfterDays: { type: 'integer', min: 7, max: 180 },
    hideAfterDays: { type: 'integer', min: 8, max: 365 },
    // Texts a day the service may send; empty: SMS_DAILY_BUDGET_DEFAULT in @fie/domain.
    smsDailyBudget: { type: 'integer', min: 0, max: 1000000 },
    // Months a closed enquiry's or finished viewing's conversation is kept; empty: the default (24).
    threadRetentionMonths: { type: 'integer', min: 1, max: 120 },
    // The office's working hours (Accra), which reply times count; empty: 08:00-17:00, Monday to Friday.
    workingHoursStart: { type: 'integer', min: 0, max: 23 },
    workingHoursEnd: { type: 'integer', min: 1, max: 24 },
    workingDays: { type: 'enumeration', enum: ['mon-fri', 'mon-sat', 'every-day'] },
  },
} as const;
