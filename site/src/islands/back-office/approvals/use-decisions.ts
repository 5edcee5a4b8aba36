import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ApprovalAction } from '@fie/domain';
import { ApiError, messageOf } from '../../../lib/api-call';
import type { BannerState } from '../kit';
import { staffKeys } from '../staff-api';
import { decide, QUEUE, type QueueKind, type QueuedItem } from './approvals-api';

interface Decision {
  item: QueuedItem;
  action: ApprovalAction;
  note?: string;
}

/**
 * Approve and Reject for one queue: the server's answer in a toast and the green banner; after each
 * decision the queue reloads, the lists that show the item refresh and the sidebar's count follows.
 * A failed approve shows the red banner; a failed reject shows it inside the open Reject dialog.
 * An item that changed since the queue showed it (409) is not decided: the message says so, and the
 * queue reloads with the fresh item to review again.
 */
export function useDecisions(kind: QueueKind, banners: BannerState) {
  const client = useQueryClient();
  const texts = QUEUE[kind];
  const [rejecting, setRejecting] = useState<{ item: QueuedItem; label: string } | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: texts.key }),
      client.invalidateQueries({ queryKey: staffKeys.stats }),
      ...texts.lists.map((queryKey) => client.invalidateQueries({ queryKey })),
    ]);
  const mutation = useMutation({
    mutationFn: ({ item, action, note }: Decision) => decide(kind, item, action, note),
    onSuccess: async (message, { action }) => {
      if (action === 'unapprove') setRejecting(null);
      banners.succeed(message || (action === 'approve' ? texts.approved : texts.kept));
      await reload();
    },
    onError: (cause, { action }) => {
      if (cause instanceof ApiError && cause.status === 409) {
        setRejecting(null);
        banners.fail(cause, cause.message, { toastText: cause.message });
        void reload();
      } else if (action === 'approve') {
        banners.fail(cause, texts.approveFailed, { toastText: texts.approveFailed });
      } else {
        setRejectError(messageOf(cause, texts.rejectFailed));
        toast.error(texts.rejectFailed);
      }
    },
  });
  return {
    approve: (item: QueuedItem) => mutation.mutate({ item, action: 'approve' }),
    /** The item whose decision is under way (its buttons wait). */
    busyId: mutation.isPending ? mutation.variables?.item._id : undefined,
    rejecting,
    openReject: (item: QueuedItem, label: string) => {
      setRejectError(null);
      setRejecting({ item, label });
    },
    closeReject: () => setRejecting(null),
    reject: (note: string) =>
      rejecting && mutation.mutate({ item: rejecting.item, action: 'unapprove', note }),
    rejectBusy: mutation.isPending && mutation.variables?.action === 'unapprove',
    rejectError,
    clearRejectError: () => setRejectError(null),
  };
}
