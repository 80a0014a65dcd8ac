/**
 * Data retention (/api/retention/*, issue 51 item 5): how long each kind of data is kept at a node, the node's own
 * periods, what a shorter period would remove, and the purge job's last runs.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { retentionKeys } from './keys';

export type Retention = DataOf<'/api/retention/get'>;
export type KindPeriod = Retention['kinds'][number];
export type RetentionKind = KindPeriod['kind'];
export type PurgeRun = Retention['runs'][number];
export type Preview = DataOf<'/api/retention/preview'>;

/** A node's periods (null: the caller's own node). */
export const useRetention = (userId: number | null) =>
  useQuery({
    queryKey: retentionKeys.node(userId),
    queryFn: ({ signal }) => post('/api/retention/get', { userId: userId ?? undefined }, { signal }),
  });

export function useSetRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'/api/retention/set'>) => post('/api/retention/set', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: retentionKeys.all() }),
  });
}

/** How many records a period of ``days`` would remove at the next purge (nothing changes). */
export const previewRetention = (body: BodyOf<'/api/retention/preview'>) => post('/api/retention/preview', body);
