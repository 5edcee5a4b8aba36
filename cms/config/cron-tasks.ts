import type { Core } from '@strapi/strapi';

// Scheduled work that must run in every deployment. Each task only calls a plugin or API service,
// where the rule lives and is tested; the services claim their work atomically in the database, so
// every cms process may run the same task at the same minute without sending anything twice.
// The daily housekeeping jobs are registered by their plugins' bootstrap instead.
type Task = {
  task: ({ strapi }: { strapi: Core.Strapi }) => Promise<unknown>;
  options: { rule: string; tz?: string };
};

const tasks: Record<string, Task> = {
  // Saved-search alerts (instant ones as they come, daily at 08:00 and weekly on Mondays at 08:00
  // Africa/Accra) and price drops on favourites. Every minute, so a window missed while the cms was
  // down is sent when it is back.
  savedSearchAlerts: {
    task: ({ strapi }) => strapi.service('api::saved-search.alerts').run(),
    // ALERTS_CRON_RULE: tests run it every second to race two processes.
    options: { rule: process.env.ALERTS_CRON_RULE || '*/1 * * * *' },
  },
  // Viewing reminders, 24 hours and 2 hours ahead: due ones go at the next minute, and one missed
  // while the cms was stopped goes when it is back, until its viewing starts.
  viewingReminders: {
    task: ({ strapi }) => strapi.plugin('viewings').service('reminders').run(),
    // REMINDERS_CRON_RULE: tests run it every second to race two processes.
    options: { rule: process.env.REMINDERS_CRON_RULE || '*/1 * * * *' },
  },
};

export default tasks;
