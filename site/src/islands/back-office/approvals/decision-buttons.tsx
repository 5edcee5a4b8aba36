import { rowButton, rowDangerButton, smallPrimaryButton } from '../kit';
import type { QueuedItem } from './approvals-api';
import type { Decisions } from './queue-frame';

const approveButton = `${smallPrimaryButton} px-3 py-1.5 text-sm`;

/** The queue's mark on an item an admin asked to delete: it is still public until this is decided. */
export function DeleteRequested({ item }: { item: QueuedItem & { deletionRequestedBy?: string | null } }) {
  if (!item.pendingDeletion) return null;
  // A box rather than a pill: the address makes it two lines in a narrow column.
  return (
    <span className="mt-1 inline-block break-words rounded-md bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
      Delete requested by {item.deletionRequestedBy ?? 'an administrator'}
    </span>
  );
}

/**
 * A queued item's Approve and Reject, and View when it has a page to see, named for screen readers.
 * For an item an admin asked to delete, Approve deletes it and Reject keeps it: the buttons say so.
 */
export function DecisionButtons({
  item,
  name,
  rejectLabel,
  decisions,
  viewHref,
}: {
  item: QueuedItem;
  name: string;
  rejectLabel: string;
  decisions: Decisions;
  viewHref?: string;
}) {
  const busy = decisions.busyId === item._id;
  const deletion = Boolean(item.pendingDeletion);
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={approveButton}
        onClick={() => decisions.approve(item)}
        disabled={busy}
        aria-label={deletion ? `Approve deleting ${name}` : `Approve ${name}`}
      >
        {busy ? 'Working…' : deletion ? 'Approve deletion' : 'Approve'}
      </button>
      <button
        type="button"
        className={rowDangerButton}
        onClick={() => decisions.openReject(item, deletion ? `the deletion of ${rejectLabel}` : rejectLabel)}
        disabled={busy}
        aria-label={deletion ? `Reject deleting ${name}` : `Reject ${name}`}
      >
        {deletion ? 'Keep it' : 'Reject'}
      </button>
      {viewHref && (
        <a href={viewHref} className={rowButton} aria-label={`View ${name}`}>
          View
        </a>
      )}
    </div>
  );
}
