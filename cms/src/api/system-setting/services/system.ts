import type { Core } from '@strapi/strapi';
import type { SystemSettings, SystemSettingsUpdate } from '@fie/domain';
import { documentData } from '../../../shared/document-data';

const UID = 'api::system-setting.system-setting' as const;

interface Row {
  documentId: string;
  systemEmail?: string | null;
  maintenanceMode?: boolean | null;
}

/** The system settings: one row, made on first use. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(UID);
  const answer = (row: Row | null): SystemSettings => ({
    systemEmail: row?.systemEmail || null,
    maintenanceMode: Boolean(row?.maintenanceMode),
  });

  return {
    async get(): Promise<SystemSettings> {
      return answer(await documents().findFirst());
    },

    async maintenance(): Promise<boolean> {
      const row: { maintenanceMode?: boolean | null } | null = await strapi.db
        .query(UID)
        .findOne({ select: ['maintenanceMode'] });
      return Boolean(row?.maintenanceMode);
    },

    /** Saves what changed; the answer is the settings as saved, and what changed in words (for the audit trail). */
    async update(input: SystemSettingsUpdate): Promise<{ settings: SystemSettings; changes: string[] }> {
      const current = await documents().findFirst();
      const before = answer(current);
      const data: Partial<SystemSettings> = {};
      if (input.systemEmail !== undefined) data.systemEmail = input.systemEmail ?? null;
      if (input.maintenanceMode !== undefined) data.maintenanceMode = input.maintenanceMode;
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
      return { settings, changes };
    },
  };
};
