import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';

/** Tries again of a call that lost its connection (not of one the server answered). */
export const NETWORK_RETRIES = 3;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A server answer (any code) is final; only a lost connection is worth trying again: up to three times, after
      // 1, 2 and 4 s (React Query's own back-off; retries wait while the browser is offline). One try was not enough
      // when the connection came back: the first calls after the browser's "online" can still fail on a loaded
      // phone or machine, and a list then stayed "could not be loaded" until Retry (the PWA journey, session 26).
      retry: (count, error) => count < NETWORK_RETRIES && isApiError(error) && error.kind === 'network',
    },
    // A change is sent when the user asks, or not at all: offline, React Query would hold it and send it when the
    // browser is back, minutes later (a robot taking a command nobody watches any more). So it goes at once and
    // fails at once, saying why: a robot command offline is refused with the reason (api/robot-commands.ts), any
    // other change gets the network's failure. What may wait for signal goes through the field kit's queue, which
    // says so (issue 53 item 5).
    mutations: { retry: false, networkMode: 'always' },
  },
});
