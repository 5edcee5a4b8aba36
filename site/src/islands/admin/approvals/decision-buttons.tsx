import { rowButton, rowDangerButton, smallPrimaryButton } from '../kit';
import type { Decisions } from './queue-frame';

const approveButton = `${smallPrimaryButton} px-3 py-1.5 text-sm`;

/** A queued item's Approve and Reject, and View when it has a page to see, named for screen readers. */
export function DecisionButtons({ id, name, rejectLabel, decisions, viewHref }: { id: string; name: string; rejectLabel: string; decisions: Decisions; viewHref?: string }) {
  const busy = decisions.busyId === id;
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={approveButton} onClick={() => decisions.approve(id)} disabled={busy} aria-label={`Approve ${name}`}>
        {busy ? 'Working…' : 'Approve'}
      </button>
      <button type="button" className={rowDangerButton} onClick={() => decisions.openReject(id, rejectLabel)} disabled={busy} aria-label={`Reject ${name}`}>
        Reject
      </button>
      {viewHref && (
        <a href={viewHref} className={rowButton} aria-label={`View ${name}`}>
          View
        </a>
      )}
    </div>
  );
}
