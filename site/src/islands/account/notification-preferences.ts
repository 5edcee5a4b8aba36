// The cms keeps no notification preferences (GET/PUT /api/profile has no field for them), so they
// are kept in this browser, per account. The settings screen says so.
export interface NotificationPreferences {
  viewingUpdates: boolean;
  enquiryUpdates: boolean;
  newProperties: boolean;
}

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  viewingUpdates: true,
  enquiryUpdates: true,
  newProperties: false,
};
const key = (userId: string) => `fie:notifications:${userId}`;

export function readPreferences(userId: string): NotificationPreferences {
  try {
    const stored = JSON.parse(
      localStorage.getItem(key(userId)) ?? 'null',
    ) as Partial<NotificationPreferences> | null;
    const merged = { ...DEFAULT_PREFERENCES };
    for (const name of Object.keys(merged) as Array<keyof NotificationPreferences>) {
      if (typeof stored?.[name] === 'boolean') merged[name] = stored[name];
    }
    return merged;
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

export function savePreferences(userId: string, preferences: NotificationPreferences): void {
  localStorage.setItem(key(userId), JSON.stringify(preferences));
}
