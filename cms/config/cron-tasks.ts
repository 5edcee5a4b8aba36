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
  // Conversations: messages unread after two minutes are e-mailed (and texted, where the seeker chose
  // texts) to the other side, several as one. Each thread's notice is claimed under its row lock.
  threadNotices: {
    task: ({ strapi }) => strapi.plugin('conversations').service('notices').run(),
    // THREAD_NOTICES_CRON_RULE: tests run it every second.
    options: { rule: process.env.THREAD_NOTICES_CRON_RULE || '*/1 * * * *' },
  },
  // Price reductions whose dearer price has left the 30-day window lose their "Reduced" mark on the
  // listing's cards (the property page reads the history itself). Every 15 minutes, so cards and
  // page disagree for no longer than that; each row is redone from its history, so processes may race.
  priceReductions: {
    task: ({ strapi }) => strapi.service('api::property.price-history').sweep(),
    options: { rule: '*/15 * * * *' },
  },
  // Fresh listings: hides approved listings unconfirmed past the hide setting (and shows them again
  // within it), and raises the catalogue version when one turns stale, so kept answers say so within
  // a minute. The sweep takes a row lock, so every process may run it at the same minute.
  availabilitySweep: {
    task: ({ strapi }) => strapi.service('api::property.availability').sweep(),
    options: { rule: '*/1 * * * *' },
  },
};

export default tasks;
