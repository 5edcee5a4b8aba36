import { QueryClient } from '@tanstack/react-query';

// One client per page; islands on the same page share it (and its cache).
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
