import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A server answer (any code) is final; only a lost connection is worth one more try.
      retry: (count, error) => count < 1 && isApiError(error) && error.kind === 'network',
    },
    mutations: { retry: false },
  },
});
