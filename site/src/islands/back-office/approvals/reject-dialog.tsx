// "Reject": the item stays unapproved; an optional note tells its submitter what to
// change (e-mailed to them and shown on the item as "Changes requested: …"). Loaded when opened.
import { useId, useState } from 'react';
import { REVIEW_NOTE_MAX } from '@fie/domain';
import { ErrorBanner, inputClass } from '../../shared/form-field';
import { Dialog, dangerButton } from '../kit';
import { secondaryButton } from '../../shared/form-field';

interface Props {
  /** What is rejected, e.g. "the property at Oxford Street, Osu". */
  itemLabel: string;
  busy: boolean;
  error: string | null;
  onDismissError: () => void;
  onReject: (note: string) => void;
  onClose: () => void;
}

export default function RejectDialog({ itemLabel, busy, error, onDismissError, onReject, onClose }: Props) {
  const [note, setNote] = useState('');
  const id = useId();
  const left = REVIEW_NOTE_MAX - note.length;
  return (
    <Dialog
      title="Reject"
      description={`Keep ${itemLabel} unapproved.`}
      onClose={onClose}
      dirty={note.trim() !== '' && !busy}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onReject(note);
        }}
      >
        {error && <ErrorBanner message={error} onDismiss={onDismissError} />}
        <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
          Note to the submitter (optional)
        </label>
        <textarea
          id={id}
          rows={4}
          value={note}
          maxLength={REVIEW_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${id}-hint`}
          className={inputClass}
          placeholder="What should be changed before this can be approved?"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          E-mailed to whoever submitted it and shown on their list until it is approved. {left} characters
          left.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={dangerButton} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Working…' : 'Reject'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
