import type { Core } from '@strapi/strapi';
import { MESSAGES, systemSettingsUpdateSchema } from '@fie/domain';
import { parseInput } from '../../../shared/validate';
import { getService as accountsService } from '../../../plugins/accounts/server/src/get-service';
import { getService as approvalsService } from '../../../plugins/approvals/server/src/get-service';
import { getService as propertyService } from '../../property/get-service';

interface Ctx {
  request: { body?: unknown };
  body: unknown;
  set(name: string, value: string): void;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const system = () => strapi.service('api::system-setting.system');
  return {
    /** GET /api/system-settings (superadmin). */
    async show(ctx: Ctx) {
      ctx.body = await system().get();
    },

    /** PUT /api/system-settings (superadmin): saved, then "Settings saved successfully". */
    async update(ctx: Ctx) {
      const input = parseInput(systemSettingsUpdateSchema, ctx.request.body);
      // The settings, their audit entry and the alert's e-mails (in the outbox) are kept together.
      const { settings, rulesChanged } = await strapi.db.transaction(async () => {
        const { settings: saved, changes } = await system().update(input);
        if (changes.length > 0) {
          const audit = approvalsService(strapi, 'audit');
          const actor = audit.currentActor();
          if (actor)
            await audit.record({
              actor,
              action: 'settings-changed',
              resource: 'settings',
              resourceId: null,
              label: 'System settings',
              detail: changes.join('; '),
            });
        }
        if (changes.some((c: string) => c.startsWith('maintenance mode'))) {
          // A system alert to staff whose "System alerts" are on.
          const on = saved.maintenanceMode;
          await accountsService(strapi, 'staff-mail').send('alerts', {
            subject: `Maintenance mode is ${on ? 'on' : 'off'}`,
            title: `Maintenance mode is ${on ? 'on' : 'off'}`,
            lines: [
              on
                ? 'The public site shows a maintenance notice; sign-up, bookings and enquiries from the public are paused. Staff work goes on.'
                : 'The public site is back to normal: sign-up, bookings and enquiries are open again.',
            ],
          });
        }
        return { settings: saved, rulesChanged: changes.some((c: string) => c.startsWith('fresh listings')) };
      });
      // Changed fresh-listing days: this process reads them now and hides or shows listings at once.
      // Only then: the sweep reads the catalogue, and other settings (maintenance) do not touch it.
      if (rulesChanged) await propertyService(strapi, 'availability').settingsChanged();
      ctx.body = { message: MESSAGES.settingsSaved, settings };
    },

    /**
     * GET /api/system-status (everyone): whether the site is in maintenance, and the no-show rule's numbers
     * (the terms state them). Never cached by browsers.
     */
    async status(ctx: Ctx) {
      ctx.set('Cache-Control', 'no-store');
      const [maintenance, noShowRule] = await Promise.all([system().maintenance(), system().noShowRule()]);
      ctx.body = { maintenance, noShowRule };
    },
  };
};
