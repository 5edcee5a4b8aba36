import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ApprovalAction } from '@fie/domain';
import { messageOf } from '../../../lib/api-call';
import type { BannerState } from '../kit';
import { staffKeys } from '../staff-api';
import { decide, QUEUE, type QueueKind } from './approvals-api';

interface Decision {
  id: string;
  action: ApprovalAction;
  note?: string;
}

/**
 * Approve and Reject for one queue: the server's answer in a toast and the green banner; after each
 * decision the queue reloads, the lists that show the item refresh and the sidebar's count follows.
 * A failed approve shows the red banner; a failed reject shows it inside the open Reject dialog.
 */
export function useDecisions(kind: QueueKind, banners: BannerState) {
  const client = useQueryClient();
  const texts = QUEUE[kind];
  const [rejecting, setRejecting] = useState<{ id: string; label: string } | null>(null);
  const [rejectError, setRejectError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, action, note }: Decision) => decide(kind, id, action, note),
    onSuccess: async (message, { action }) => {
      if (action === 'unapprove') setRejecting(null);
      banners.succeed(message || (action === 'approve' ? texts.approved : texts.kept));
      await Promise.all([
        client.invalidateQueries({ queryKey: texts.key }),
        client.invalidateQueries({ queryKey: staffKeys.stats }),
        ...texts.lists.map((queryKey) => client.invalidateQueries({ queryKey })),
      ]);
    },
    onError: (cause, { action }) => {
      if (action === 'approve') {
        banners.fail(cause, texts.approveFailed, { toastText: texts.approveFailed });
      } else {
        setRejectError(messageOf(cause, texts.rejectFailed));
        toast.error(texts.rejectFailed);
      }
    },
  });
  return {
    approve: (id: string) => mutation.mutate({ id, action: 'approve' }),
    /** The item whose decision is under way (its buttons wait). */
    busyId: mutation.isPending ? mutation.variables?.id : undefined,
    rejecting,
    openReject: (id: string, label: string) => {
      setRejectError(null);
      setRejecting({ id, label });
    },
    closeReject: () => setRejecting(null),
    reject: (note: string) => rejecting && mutation.mutate({ id: rejecting.id, action: 'unapprove', note }),
    rejectBusy: mutation.isPending && mutation.variables?.action === 'unapprove',
    rejectError,
    clearRejectError: () => setRejectError(null),
  };
}
