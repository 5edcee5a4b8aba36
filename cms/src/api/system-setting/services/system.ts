import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  AVAILABILITY_DEFAULTS,
  AVAILABILITY_ORDER_MESSAGE,
  availabilityRuleInOrder,
  availabilityRuleText,
  type AvailabilityRule,
  NO_SHOW_DEFAULTS,
  noShowRuleText,
  type NoShowRule,
  SMS_DAILY_BUDGET_DEFAULT,
  THREAD_RETENTION_MONTHS_DEFAULT,
  WORKING_HOURS_DEFAULTS,
  type WorkingHours,
  type SystemSettings,
  type SystemSettingsUpdate,
} from '@fie/domain';
import { documentData } from '../../../shared/document-data';

const UID = 'api::system-setting.system-setting' as const;

interface Row {
  documentId: string;
  systemEmail?: string | null;
  maintenanceMode?: boolean | null;
  noShowLimit?: number | null;
  noShowWindowDays?: number | null;
  noShowPauseDays?: number | null;
  staleAfterDays?: number | null;
  hideAfterDays?: number | null;
  smsDailyBudget?: number | null;
  threadRetentionMonths?: number | null;
  workingHoursStart?: number | null;
  workingHoursEnd?: number | null;
  workingDays?: WorkingHours['days'] | null;
}

/** The office's working hours of a settings row; what is not set yet is the default. */
const workingHoursOf = (row: Row | null): WorkingHours => ({
  start: row?.workingHoursStart ?? WORKING_HOURS_DEFAULTS.start,
  end: row?.workingHoursEnd ?? WORKING_HOURS_DEFAULTS.end,
  days: row?.workingDays ?? WORKING_HOURS_DEFAULTS.days,
});

const RULE_KEYS = ['noShowLimit', 'noShowWindowDays', 'noShowPauseDays'] as const;
const AVAILABILITY_KEYS = ['staleAfterDays', 'hideAfterDays'] as const;

/** The fresh-listing rule of a settings row; a number not set yet is the default. */
const availabilityOf = (row: Row | null): AvailabilityRule => ({
  staleAfterDays: row?.staleAfterDays ?? AVAILABILITY_DEFAULTS.staleAfterDays,
  hideAfterDays: row?.hideAfterDays ?? AVAILABILITY_DEFAULTS.hideAfterDays,
});

/** The no-show rule of a settings row; a number not set yet is the default. */
const ruleOf = (row: Row | null): NoShowRule => ({
  noShowLimit: row?.noShowLimit ?? NO_SHOW_DEFAULTS.noShowLimit,
  noShowWindowDays: row?.noShowWindowDays ?? NO_SHOW_DEFAULTS.noShowWindowDays,
  noShowPauseDays: row?.noShowPauseDays ?? NO_SHOW_DEFAULTS.noShowPauseDays,
});

/** The system settings: one row, made on first use. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(UID);
  const answer = (row: Row | null): SystemSettings & NoShowRule & AvailabilityRule => ({
    systemEmail: row?.systemEmail || null,
    maintenanceMode: Boolean(row?.maintenanceMode),
    ...ruleOf(row),
    ...availabilityOf(row),
    smsDailyBudget: row?.smsDailyBudget ?? SMS_DAILY_BUDGET_DEFAULT,
    threadRetentionMonths: row?.threadRetentionMonths ?? THREAD_RETENTION_MONTHS_DEFAULT,
    workingHoursStart: workingHoursOf(row).start,
    workingHoursEnd: workingHoursOf(row).end,
    workingDays: workingHoursOf(row).days,
  });

  return {
    async get(): Promise<SystemSettings & NoShowRule & AvailabilityRule> {
      return answer(await documents().findFirst());
    },

    async maintenance(): Promise<boolean> {
      const row: { maintenanceMode?: boolean | null } | null = await strapi.db
        .query(UID)
        .findOne({ select: ['maintenanceMode'] });
      return Boolean(row?.maintenanceMode);
    },

    /** The no-show rule's numbers (viewings' booking restriction, the terms page). */
    async noShowRule(): Promise<NoShowRule> {
      const row: Row | null = await strapi.db.query(UID).findOne({ select: [...RULE_KEYS] });
      return ruleOf(row);
    },

    /** How many texts a day the service may send. */
    async smsDailyBudget(): Promise<number> {
      const row: Row | null = await strapi.db.query(UID).findOne({ select: ['smsDailyBudget'] });
      return row?.smsDailyBudget ?? SMS_DAILY_BUDGET_DEFAULT;
    },

    /** The office's working hours, which reply times count. */
    async workingHours(): Promise<WorkingHours> {
      const row: Row | null = await strapi.db
        .query(UID)
        .findOne({ select: ['workingHoursStart', 'workingHoursEnd', 'workingDays'] });
      return workingHoursOf(row);
    },

    /** Months a closed enquiry's or finished viewing's conversation is kept after its last message. */
    async threadRetentionMonths(): Promise<number> {
      const row: Row | null = await strapi.db.query(UID).findOne({ select: ['threadRetentionMonths'] });
      return row?.threadRetentionMonths ?? THREAD_RETENTION_MONTHS_DEFAULT;
    },

    /** The fresh-listing rule's days (the freshness sweep, every property answer's status). */
    async availabilityRule(): Promise<AvailabilityRule> {
      const row: Row | null = await strapi.db.query(UID).findOne({ select: [...AVAILABILITY_KEYS] });
      return availabilityOf(row);
    },

    /** Saves what changed; the answer is the settings as saved, and what changed in words (for the audit trail). */
    async update(
      input: SystemSettingsUpdate,
    ): Promise<{ settings: SystemSettings & NoShowRule & AvailabilityRule; changes: string[] }> {
      const current = await documents().findFirst();
      const before = answer(current);
      // One day given alone is checked against the saved other (both given: the schema checked them).
      const nextRule = {
        staleAfterDays: input.staleAfterDays ?? before.staleAfterDays,
        hideAfterDays: input.hideAfterDays ?? before.hideAfterDays,
      };
      if (!availabilityRuleInOrder(nextRule))
        throw new errors.ValidationError(AVAILABILITY_ORDER_MESSAGE, {
          errors: [{ path: ['hideAfterDays'], message: AVAILABILITY_ORDER_MESSAGE }],
        });
      const data: Partial<SystemSettings> = {};
      if (input.systemEmail !== undefined) data.systemEmail = input.systemEmail ?? null;
      if (input.maintenanceMode !== undefined) data.maintenanceMode = input.maintenanceMode;
      for (const key of RULE_KEYS) if (input[key] !== undefined) data[key] = input[key];
      for (const key of AVAILABILITY_KEYS) if (input[key] !== undefined) data[key] = input[key];
      if (input.smsDailyBudget !== undefined) data.smsDailyBudget = input.smsDailyBudget;
      if (input.threadRetentionMonths !== undefined) data.threadRetentionMonths = input.threadRetentionMonths;
      for (const key of ['workingHoursStart', 'workingHoursEnd', 'workingDays'] as const)
        if (input[key] !== undefined) (data as Record<string, unknown>)[key] = input[key];
      const hours = {
        start: input.workingHoursStart ?? before.workingHoursStart!,
        end: input.workingHoursEnd ?? before.workingHoursEnd!,
      };
      if (hours.end <= hours.start)
        throw new errors.ValidationError('Working hours must close after they open.', {
          errors: [{ path: ['workingHoursEnd'], message: 'Working hours must close after they open.' }],
        });
      // Through the document service, so the site-cache webhook (entry.update) refreshes the public pages.
      const saved = current
        ? await documents().update({ documentId: current.documentId, data: documentData(UID, data) })
        : await documents().create({ data: documentData(UID, { maintenanceMode: false, ...data }) });
      const settings = answer(saved);
      const changes: string[] = [];
      if (settings.systemEmail !== before.systemEmail)
        changes.push(`system e-mail ${settings.systemEmail ?? 'cleared'}`);
      if (settings.maintenanceMode !== before.maintenanceMode)
        changes.push(`maintenance mode ${settings.maintenanceMode ? 'on' : 'off'}`);
      if (RULE_KEYS.some((key) => settings[key] !== before[key]))
        changes.push(`no-show rule: ${noShowRuleText(settings)}`);
      if (AVAILABILITY_KEYS.some((key) => settings[key] !== before[key]))
        changes.push(`fresh listings: ${availabilityRuleText(settings)}`);
      if (settings.smsDailyBudget !== before.smsDailyBudget)
        changes.push(`daily text budget ${Number(settings.smsDailyBudget).toLocaleString('en-GB')}`);
      if (
        settings.workingHoursStart !== before.workingHoursStart ||
        settings.workingHoursEnd !== before.workingHoursEnd ||
        settings.workingDays !== before.workingDays
      )
        changes.push(
          `working hours ${settings.workingHoursStart}:00-${settings.workingHoursEnd}:00, ${settings.workingDays}`,
        );
      if (settings.threadRetentionMonths !== before.threadRetentionMonths)
        changes.push(`conversations kept ${settings.threadRetentionMonths} months`);
      return { settings, changes };
    },
  };
};
