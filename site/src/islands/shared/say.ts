// An island's shared English messages (zod checks, toasts) in its page's language, from the few
// translations its page handed it (src/i18n/messages.ts); anything else is shown as it came.
import { translateMessage } from '@fie/domain/seeker-messages';
import type { IslandMessages } from '../../i18n/messages';

export const sayer =
  (messages: IslandMessages | undefined) =>
  (text: string): string =>
    translateMessage(text, messages);
