import { useQuery } from '@tanstack/react-query';
import { staffReplyTimesSchema, type ReplyTimesFigure } from '@fie/domain';
import { callApi } from '../../lib/api-call';
import { formatCount } from './dashboard-figures';
import { panelClass } from './kit';

const REPLY_TIMES_QUERY = {
  queryKey: ['staff', 'reply-times'] as const,
  queryFn: () => callApi('/api/threads/response-times', { method: 'GET' }, staffReplyTimesSchema, true),
  refetchInterval: 5 * 60_000,
  staleTime: 60_000,
} as const;

/** "40 min", "2 h 5 min", "—" for none. */
export function replyDuration(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/**
 * "Reply times": the median working time from a seeker's first message to staff's first reply over
 * the last 30 days (the office's hours in System settings), overall and per member of staff.
 */
export function ReplyTimesCard() {
  const figures = useQuery(REPLY_TIMES_QUERY);
  if (!figures.data) return null;
  const { overall, staff } = figures.data;
  const line = (f: ReplyTimesFigure) => `${formatCount(f.replies)} ${f.replies === 1 ? 'reply' : 'replies'}`;
  return (
    <section aria-labelledby="reply-times-heading">
      <h2 id="reply-times-heading" className="text-lg font-semibold text-ink">
        Reply times
      </h2>
      <p className="text-sm text-stone-600">
        Median working time to a first reply, last 30 days. The contact page shows the overall figure.
      </p>
      <div className={`${panelClass} mt-3 p-5`}>
        <p className="text-ink">
          <span className="text-2xl font-bold" data-testid="reply-times-overall">
            {replyDuration(overall.medianMinutes)}
          </span>{' '}
          <span className="text-stone-700">overall ({line(overall)})</span>
        </p>
        {staff.length > 0 && (
          <table className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="text-stone-700">
                <th scope="col" className="py-1 font-semibold">
                  Staff member
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Median
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Replies
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((s) => (
                <tr key={s._id} className="border-t border-stone-100">
                  <td className="py-1.5 text-ink">{s.name}</td>
                  <td className="py-1.5 text-ink">{replyDuration(s.medianMinutes)}</td>
                  <td className="py-1.5 text-ink">{formatCount(s.replies)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
