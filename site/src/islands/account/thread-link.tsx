import { useQuery } from '@tanstack/react-query';
import { fill, type ThreadKind } from '@fie/domain';
import { accountApi, accountKeys } from '../shared/account-api';
import { useWords } from '../shared/island-words';
import type { DashboardTexts } from '../../i18n/account';

/**
 * "Messages (2 new)" under an enquiry or viewing: the link to its conversation. Every link on the
 * dashboard shares one request for the account's threads.
 */
export function ThreadLink({ kind, id }: { kind: ThreadKind; id: string }) {
  const { t, link } = useWords<DashboardTexts>();
  const threads = useQuery({ queryKey: accountKeys.threads, queryFn: accountApi.threads, staleTime: 30_000 });
  const unread = threads.data?.find((thread) => thread.kind === kind && thread.id === id)?.unread ?? 0;
  return (
    <a
      href={link(`/messages/${kind}/${id}`)}
      className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
      data-testid="thread-link"
    >
      {unread > 0 ? fill(t.messagesUnread, { count: unread }) : t.messagesLink}
    </a>
  );
}
