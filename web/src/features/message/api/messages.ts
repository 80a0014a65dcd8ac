import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { getUnreadMessages } from '@/api/message/unread';
import { messageKeys } from '@/api/message/keys';
import type { DataOf } from '@/api/types';

export type MessagePage = DataOf<'/api/message/findAllMessage'>;
export type Message = MessagePage['list'][number];

/** The caller's messages (unread only, or all), newest first (paged). */
export function useMessages(unread: boolean, currentPage: number, pageSize: number) {
  return useQuery({
    queryKey: messageKeys.list(unread, currentPage, pageSize),
    queryFn: ({ signal }) =>
      unread ? getUnreadMessages({ currentPage, pageSize }, { signal }) : post('/api/message/findAllMessage', { currentPage, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Marking read and deleting reload the lists and the header's count. */
function useMessageChange<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: messageKeys.all }) });
}

export type OpenedMessage = DataOf<'/api/message/openMessage'>;

/**
 * Opening a message (issue 29 item 9): the server answers it whole and marks it read; the header's unread
 * count takes the answer's count at once (no wait for its next poll), and the lists reload.
 */
export function useOpenMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post('/api/message/openMessage', { id }),
    onSuccess: (opened) => {
      client.setQueryData(messageKeys.unread(), opened.unread);
      void client.invalidateQueries({ queryKey: messageKeys.all, predicate: (query) => query.queryKey[1] !== messageKeys.unread()[1] });
    },
  });
}

export const useMarkRead = () => useMessageChange((body: { id?: number }) => post('/api/message/updateMessageRead', body));
export const useDeleteMessage = () => useMessageChange((body: { id: number }) => post('/api/message/updateMessageDelete', body));
