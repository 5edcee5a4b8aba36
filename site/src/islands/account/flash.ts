// Toasts that must survive a page change (the screens navigate with full page loads):
// queued in sessionStorage, shown by the next page's toaster.
const KEY = 'fie:flash';

export interface Flash {
  kind: 'success' | 'error';
  message: string;
}

export function queueFlash(flash: Flash): void {
  try {
    const queued = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as Flash[];
    sessionStorage.setItem(KEY, JSON.stringify([...queued, flash]));
  } catch {
    // no storage: the toast is lost, the navigation still happens
  }
}

export function takeFlashes(): Flash[] {
  try {
    const queued = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as Flash[];
    sessionStorage.removeItem(KEY);
    return Array.isArray(queued) ? queued.filter((f) => f && typeof f.message === 'string') : [];
  } catch {
    return [];
  }
}
