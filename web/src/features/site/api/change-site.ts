import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { siteKeys } from './keys';

/** Every change to a site, its buildings, floors, robots or plan refreshes what is shown of sites. */
export function useSiteChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

export const useInsertSite = () => useSiteChange((body: BodyOf<'/api/site/insert'>) => post('/api/site/insert', body));
export const useUpdateSite = () => useSiteChange((body: BodyOf<'/api/site/update'>) => post('/api/site/update', body));
export const useDeleteSite = () => useSiteChange((body: BodyOf<'/api/site/delete'>) => post('/api/site/delete', body));

export const useInsertBuilding = () => useSiteChange((body: BodyOf<'/api/site/building/insert'>) => post('/api/site/building/insert', body));
export const useUpdateBuilding = () => useSiteChange((body: BodyOf<'/api/site/building/update'>) => post('/api/site/building/update', body));
export const useDeleteBuilding = () => useSiteChange((body: BodyOf<'/api/site/building/delete'>) => post('/api/site/building/delete', body));

export const useInsertFloor = () => useSiteChange((body: BodyOf<'/api/site/floor/insert'>) => post('/api/site/floor/insert', body));
export const useUpdateFloor = () => useSiteChange((body: BodyOf<'/api/site/floor/update'>) => post('/api/site/floor/update', body));
export const useDeleteFloor = () => useSiteChange((body: BodyOf<'/api/site/floor/delete'>) => post('/api/site/floor/delete', body));
