import { phoneCheckReady } from '@fie/domain';

/**
 * Waits for the numbering plan before a number is checked (a form's resolver, a code to text, a number
 * to add): the plan loads on first use, off the page's first load. Offline it may not come; the number
 * is then checked by its shape, and the cms, which always has the plan, answers the rest.
 */
export const phoneCheck = (): Promise<void> => phoneCheckReady().catch(() => undefined);
