import { useQuery } from '@tanstack/react-query';
import { post, type CallOptions } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { messageKeys } from './keys';

const COUNT_EVERY_MS = 60_000;

/** One page of the caller's unread messages (with the unread count). */
export function getUnreadMessages(body: BodyOf<'/api/message/findMessageByUnRead'>, options?: CallOptions) {
  return post('/api/message/findMessageByUnRead', body, options);
}

/** The signed-in user's unread message count (the header's user menu); quiet: a failure shows nothing. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => getUnreadMessages({ pageSize: 1, currentPage: 1 }, { signal, quiet: true }).then((page) => page.unread),
    enabled,
    refetchInterval: COUNT_EVERY_MS,
    staleTime: 5_000,
  });
}
