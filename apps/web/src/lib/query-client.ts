import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query cache. Provided by the layouts (lazy chunks), not by the entry, so the
 * library stays out of the initial JavaScript.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
