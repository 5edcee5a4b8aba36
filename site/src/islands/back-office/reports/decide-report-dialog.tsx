import { useId, useState, type SyntheticEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { REPORT_NOTE_MAX, type Report, type ReportDecision } from '@fie/domain';
import { Dialog, DialogActions } from '../kit';
import { ErrorBanner, inputClass } from '../../shared/form-field';
import { messageOf } from '../../../lib/api-call';
import { reportsApi } from './reports-api';
import { listingName, reasonLabel, reportedOn } from './report-view';

const WORDS: Record<ReportDecision, { title: string; submit: string; busy: string; failed: string }> = {
  resolved: {
    title: 'Resolve report',
    submit: 'Resolve',
    busy: 'Resolving…',
    failed: 'The report could not be resolved. Please try again.',
  },
  dismissed: {
    title: 'Dismiss report',
    submit: 'Dismiss',
    busy: 'Dismissing…',
    failed: 'The report could not be dismissed. Please try again.',
  },
};

/** Resolve or dismiss one report, with an optional note of what was done (kept with the report). */
export default function DecideReportDialog({
  report,
  decision,
  onClose,
  onDone,
}: {
  report: Report;
  decision: ReportDecision;
  onClose: () => void;
  onDone: (decided: Report) => void;
}) {
  const noteId = useId();
  const [note, setNote] = useState(report.note ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const words = WORDS[decision];
  const save = useMutation({
    mutationFn: () => reportsApi.decide(report._id, { status: decision, note }),
    onSuccess: onDone,
    onError: (error) => {
      setFailure(messageOf(error, words.failed));
      toast.error(words.failed);
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setFailure(null);
    save.mutate();
  };

  return (
    <Dialog title={words.title} onClose={onClose} dirty={note !== (report.note ?? '')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
        <dl className="grid gap-3 rounded-lg bg-stone-50 p-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold text-stone-700">Listing</dt>
            <dd className="text-ink">{listingName(report)}</dd>
          </div>
          <div>
            <dt className="font-semibold text-stone-700">Reason</dt>
            <dd className="text-ink">{reasonLabel(report)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="font-semibold text-stone-700">Details</dt>
            <dd className="whitespace-pre-line break-words text-ink">{report.details ?? 'None given'}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="font-semibold text-stone-700">Reported</dt>
            <dd className="text-ink">
              {reportedOn(report.createdAt)}
              {report.reporterEmail ? ` by ${report.reporterEmail}` : ' by a signed-out visitor'}
            </dd>
          </div>
        </dl>
        <div>
          <label htmlFor={noteId} className="block text-sm font-semibold text-stone-800">
            Note <span className="font-normal text-stone-600">(optional, for the team)</span>
          </label>
          <textarea
            id={noteId}
            rows={4}
            maxLength={REPORT_NOTE_MAX}
            className={inputClass}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <DialogActions submitLabel={words.submit} busy={save.isPending} busyLabel={words.busy} />
      </form>
    </Dialog>
  );
}
