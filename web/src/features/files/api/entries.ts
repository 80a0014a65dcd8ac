import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { filesKeys } from './keys';

export type EntryKind = 'file' | 'knowledge';
export type FileEntry = DataOf<'/api/file/findAll'>['list'][number];
export type EntrySearch = BodyOf<'/api/file/findAll'>;
export type EntryIn = BodyOf<'/api/file/add'>;

const CALLS = {
  file: { list: '/api/file/findAll', cate: '/api/file/getCate', add: '/api/file/add', del: '/api/file/del' },
  knowledge: {
    list: '/api/file/findAllKnowledge',
    cate: '/api/file/getCateKnowledge',
    add: '/api/file/addKnowledge',
    del: '/api/file/delKnowledge',
  },
} as const;

export const useEntries = (kind: EntryKind, body: EntrySearch) =>
  useQuery({
    queryKey: filesKeys.entries(kind, body),
    queryFn: ({ signal }) => post(CALLS[kind].list, body, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCategories = (kind: EntryKind) =>
  useQuery({ queryKey: filesKeys.categories(kind), queryFn: ({ signal }) => post(CALLS[kind].cate, {}, { signal }) });

function useEntryChange<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: filesKeys.all }) });
}

export const useAddEntry = (kind: EntryKind) => useEntryChange((body: EntryIn) => post(CALLS[kind].add, body));
export const useDeleteEntry = (kind: EntryKind) => useEntryChange((body: { id: number }) => post(CALLS[kind].del, body));
