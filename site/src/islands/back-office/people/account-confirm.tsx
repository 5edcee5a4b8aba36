import { useState } from 'react';
import { messageOf } from '../../../lib/api-call';
import { ConfirmDialog } from '../kit';
import type { AccountAnswer } from './api';

/**
 * Deactivate, Reactivate or Revoke, confirmed first. The call runs from the dialog; a refusal (the
 * server's own reason, such as "You cannot revoke your own admin privileges.") stays in the dialog.
 * Loaded only when opened.
 */
export default function AccountConfirm({
  title,
  message,
  confirmLabel,
  failed,
  danger = true,
  run,
  onDone,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  /** The fallback when the server gives no reason. */
  failed: string;
  danger?: boolean;
  run: () => Promise<AccountAnswer>;
  onDone: (answer: AccountAnswer) => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await run());
    } catch (cause) {
      setError(messageOf(cause, failed));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      busy={busy}
      error={error}
      danger={danger}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
