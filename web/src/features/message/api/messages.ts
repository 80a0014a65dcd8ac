import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { messageKeys } from '@/api/message/unread';
import type { DataOf } from '@/api/types';

export type MessagePage = DataOf<'/api/message/findAllMessage'>;
export type Message = MessagePage['list'][number];

/** The caller's messages (unread only, or all), newest first (paged). */
export function useMessages(unread: boolean, currentPage: number, pageSize: number) {
  const path = unread ? '/api/message/findMessageByUnRead' : '/api/message/findAllMessage';
  return useQuery({
    queryKey: messageKeys.list(unread, currentPage, pageSize),
    queryFn: ({ signal }) => post(path, { currentPage, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Marking read and deleting reload the lists and the header's count. */
function useMessageChange<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: messageKeys.all }) });
}

export const useMarkRead = () => useMessageChange((body: { id?: number }) => post('/api/message/updateMessageRead', body));
export const useDeleteMessage = () => useMessageChange((body: { id: number }) => post('/api/message/updateMessageDelete', body));
