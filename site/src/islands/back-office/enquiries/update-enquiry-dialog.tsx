import { useId, useState, type SyntheticEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  ENQUIRY_PRIORITIES,
  ENQUIRY_STATUSES,
  MESSAGES,
  type Enquiry,
  type EnquiryPriority,
  type EnquiryStatus,
} from '@fie/domain';
import { Dialog, DialogActions } from '../kit';
import { ErrorBanner, inputClass } from '../../shared/form-field';
import { messageOf } from '../../../lib/api-call';
import { ChoiceField } from './choice-field';
import { enquiriesApi } from './enquiries-api';
import { firstPhone } from './enquiry-view';

/** "Update Enquiry": client, contact and e-mail read-only; priority, status and comments editable. */
export default function UpdateEnquiryDialog({
  enquiry,
  onClose,
  onSaved,
}: {
  enquiry: Enquiry;
  onClose: () => void;
  onSaved: () => void;
}) {
  const commentsId = useId();
  const [priority, setPriority] = useState<string>(enquiry.priority);
  const [status, setStatus] = useState<string>(enquiry.status);
  const [comments, setComments] = useState(enquiry.comments ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () =>
      enquiriesApi.update(enquiry._id, {
        priority: priority as EnquiryPriority,
        status: status as EnquiryStatus,
        comments,
      }),
    onSuccess: onSaved,
    onError: (error) => {
      setFailure(messageOf(error, MESSAGES.updateEnquiryFailed));
      toast.error(MESSAGES.updateEnquiryFailed);
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setFailure(null);
    save.mutate();
  };

  const dirty =
    priority !== enquiry.priority || status !== enquiry.status || comments !== (enquiry.comments ?? '');
  return (
    <Dialog title="Update Enquiry" onClose={onClose} dirty={dirty}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
        <dl className="grid gap-3 rounded-lg bg-stone-50 p-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-semibold text-stone-700">Client</dt>
            <dd className="text-ink">{enquiry.name}</dd>
          </div>
          <div>
            <dt className="font-semibold text-stone-700">Contact</dt>
            <dd className="whitespace-nowrap text-ink">{firstPhone(enquiry)}</dd>
          </div>
          <div>
            <dt className="font-semibold text-stone-700">E-mail</dt>
            <dd className="break-all text-ink">{enquiry.email ?? 'Not given'}</dd>
          </div>
        </dl>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Priority"
            value={priority}
            onChange={setPriority}
            options={ENQUIRY_PRIORITIES}
          />
          <ChoiceField label="Status" value={status} onChange={setStatus} options={ENQUIRY_STATUSES} />
        </div>
        <div>
          <label htmlFor={commentsId} className="block text-sm font-semibold text-stone-800">
            Comments
          </label>
          <textarea
            id={commentsId}
            rows={4}
            maxLength={2000}
            className={inputClass}
            value={comments}
            onChange={(e) => setComments(e.target.value)}
          />
        </div>
        <DialogActions
          onCancel={onClose}
          submitLabel="Update Enquiry"
          busy={save.isPending}
          busyLabel="Updating…"
        />
      </form>
    </Dialog>
  );
}
