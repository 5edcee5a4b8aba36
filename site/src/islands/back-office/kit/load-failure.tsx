// A list or form whose load failed: the red banner with the server's message, dismissible until the next failure.
import { useState } from 'react';
import { ErrorBanner } from '../../shared/form-field';
import { messageOf } from '../../../lib/api-call';

/** A list that failed to load: the server's message or the screen's fallback, dismissible. */
export function LoadFailure({ error, fallback }: { error: unknown; fallback: string }) {
  const [dismissed, setDismissed] = useState<unknown>(null);
  if (!error || dismissed === error) return null;
  return <ErrorBanner message={messageOf(error, fallback)} onDismiss={() => setDismissed(error)} />;
}
