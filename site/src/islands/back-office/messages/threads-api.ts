// The staff inbox's calls; answers parsed with the domain schemas.
import { threadListSchema } from '@fie/domain';
import { callApiPage } from '../../../lib/api-call';

export const threadKeys = {
  list: ['staff', 'threads'] as const,
  unread: ['staff', 'threads', 'unread-count'] as const,
};

/** The sidebar's count: conversations with a seeker's message nobody on staff has read. */
export const UNREAD_THREADS_QUERY = {
  queryKey: threadKeys.unread,
  queryFn: async (): Promise<number> =>
    (await callApiPage('/api/threads?unread=1&pageSize=1', threadListSchema, true)).total,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
  staleTime: 0,
} as const;
