import { threadListSchema, type ThreadSummary } from '@fie/domain';
import {
  FilterSelect,
  ListToolbar,
  LoadFailure,
  StaffListPanel,
  StaffTable,
  badge,
  useStaffList,
  type StaffColumn,
} from '../kit';
import { threadKeys } from './threads-api';

const LOAD_FAILED = 'Conversations could not be loaded. Please try again.';
const SHOW = [
  { value: '', label: 'All conversations' },
  { value: '1', label: 'Unread' },
];
const ASSIGNED = [
  { value: '', label: 'Anyone' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'none', label: 'Not assigned' },
];
/** A thread as a row of the table, keyed by its kind and subject. */
type Row = ThreadSummary & { _id: string };
const asRows = (items: ThreadSummary[]): Row[] => items.map((t) => ({ ...t, _id: `${t.kind}:${t.id}` }));

const when = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Africa/Accra',
      }).format(new Date(iso))
    : '';

/**
 * "Messages": every conversation with a message, newest activity first, those with a seeker's message
 * nobody on staff has read marked; each opens its conversation page.
 */
export function ThreadsManager() {
  const list = useStaffList({ key: threadKeys.list, path: '/api/threads', schema: threadListSchema });
  const subject = (t: ThreadSummary) => (
    <>
      <a
        href={`/messages/${t.kind}/${t.id}`}
        className="font-medium text-brand-700 underline hover:text-brand-800"
      >
        {t.kind === 'enquiry' ? 'Enquiry' : 'Viewing'}
        {t.label ? `: ${t.label}` : ''}
      </a>
      <span className="block text-stone-700">{t.seeker?.name ?? ''}</span>
    </>
  );
  const last = (t: ThreadSummary) => (
    <>
      {t.unread > 0 && <span className={badge.amber}>{t.unread} unread</span>}
      <p className="mt-1 line-clamp-2 break-words text-stone-800">
        {t.lastMessage.from === 'staff' ? 'Staff: ' : ''}
        {t.lastMessage.text}
      </p>
      <span className="block text-xs text-stone-700">{when(t.lastMessage.at)}</span>
    </>
  );
  const assignee = (t: ThreadSummary) => t.assignee?.name ?? <span className="text-stone-600">Nobody</span>;
  const columns: StaffColumn<Row>[] = [
    { header: 'Conversation', cell: subject },
    { header: 'Latest', cell: last },
    { header: 'Assigned to', cell: assignee },
  ];
  return (
    <div>
      <ListToolbar heading="Messages">
        <FilterSelect
          label="Show"
          value={list.filters.unread ?? ''}
          onChange={(v) => list.setFilter('unread', v)}
          options={SHOW}
        />
        <FilterSelect
          label="Assigned"
          value={list.filters.assignee ?? ''}
          onChange={(v) => list.setFilter('assignee', v)}
          options={ASSIGNED}
        />
      </ListToolbar>
      <LoadFailure error={list.query.error} fallback={LOAD_FAILED} />
      <StaffListPanel
        list={list}
        label="Conversations"
        busy={list.searching || undefined}
        loading="Loading conversations…"
        empty={{
          title: list.narrowed ? 'No conversations found' : 'No conversations yet',
          text: list.narrowed
            ? 'Try other filters.'
            : 'Messages seekers and staff write on enquiries and viewings appear here.',
        }}
        noun={['conversation', 'conversations']}
      >
        {(items) => (
          <StaffTable
            items={asRows(items)}
            columns={columns}
            rowTestId="thread-row"
            cardTestId="thread-card"
            cardClass="space-y-2 p-4 text-sm"
            card={(t) => (
              <>
                <div className="min-w-0">{subject(t)}</div>
                {last(t)}
                <div className="text-stone-700">Assigned to: {assignee(t)}</div>
              </>
            )}
          />
        )}
      </StaffListPanel>
    </div>
  );
}
