// The back-office Settings screen's calls: the account's own profile (shared with the seeker's
// screens) and the superadmin's system settings; answers parsed with the domain schemas.
import { z } from 'zod';
import { systemSettingsSchema, type SystemSettings, type SystemSettingsUpdate } from '@fie/domain';
import { callApi } from '../../../lib/api-call';

const savedAnswer = z.object({ message: z.string(), settings: systemSettingsSchema });

export const systemApi = {
  /** GET /api/system-settings (superadmin). */
  get: (): Promise<SystemSettings> =>
    callApi('/api/system-settings', { method: 'GET' }, systemSettingsSchema, true),
  /** PUT /api/system-settings (superadmin): "Settings saved successfully" once saved. */
  save: (changes: SystemSettingsUpdate): Promise<{ message: string; settings: SystemSettings }> =>
    callApi('/api/system-settings', { method: 'PUT', body: JSON.stringify(changes) }, savedAnswer, true),
};

export const settingsKeys = {
  system: ['staff', 'system-settings'] as const,
};

/** The fallback when a save fails without the server's reason (MESSAGES has no text for settings). */
export const SAVE_SETTINGS_FAILED = 'Failed to save settings. Please try again.';
export const LOAD_SETTINGS_FAILED = 'Failed to load settings. Please try again.';
