import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { filesKeys } from './keys';

export type Media = DataOf<'/api/advertising/mediaList'>['list'][number];
export type Playlist = DataOf<'/api/advertising/playlistList'>['list'][number];

export const useMedia = (body: BodyOf<'/api/advertising/mediaList'>) =>
  useQuery({ queryKey: filesKeys.media(body), queryFn: ({ signal }) => post('/api/advertising/mediaList', body, { signal }), placeholderData: keepPreviousData });

export const usePlaylists = (body: BodyOf<'/api/advertising/playlistList'>) =>
  useQuery({
    queryKey: filesKeys.playlists(body),
    queryFn: ({ signal }) => post('/api/advertising/playlistList', body, { signal }),
    placeholderData: keepPreviousData,
  });

function useAdChange<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: filesKeys.all }) });
}

export const useAddMedia = () => useAdChange((body: BodyOf<'/api/advertising/mediaAdd'>) => post('/api/advertising/mediaAdd', body));
export const useDeleteMedia = () => useAdChange((body: BodyOf<'/api/advertising/mediaDelete'>) => post('/api/advertising/mediaDelete', body));
export const useAddPlaylist = () => useAdChange((body: BodyOf<'/api/advertising/playlistAdd'>) => post('/api/advertising/playlistAdd', body));
export const useUpdatePlaylist = () =>
  useAdChange((body: BodyOf<'/api/advertising/playlistUpdate'>) => post('/api/advertising/playlistUpdate', body));
export const useDeletePlaylist = () =>
  useAdChange((body: BodyOf<'/api/advertising/playlistDelete'>) => post('/api/advertising/playlistDelete', body));
export const useAssignPlaylist = () => useAdChange((body: BodyOf<'/api/advertising/assign'>) => post('/api/advertising/assign', body));
export const useUnassign = () => useAdChange((body: BodyOf<'/api/advertising/unassign'>) => post('/api/advertising/unassign', body));
