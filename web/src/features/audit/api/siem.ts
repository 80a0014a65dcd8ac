/**
 * SIEM streaming (/api/audit/siem/*, issue 51 item 3): the syslog destinations of the caller's subtree with their
 * health, and add, edit, delete and "send test message".
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { auditKeys } from './keys';

export type SiemList = DataOf<'/api/audit/siem/list'>;
export type SiemDestination = SiemList['list'][number];
export type SiemBody = BodyOf<'/api/audit/siem/add'>;
export type SiemTestResult = DataOf<'/api/audit/siem/test'>;
type Id = BodyOf<'/api/audit/siem/delete'>;

/** Refreshed every 10 s: the streamer's health (sent, backlog, last error) moves on its own. */
export const siemOptions = () =>
  queryOptions({ queryKey: auditKeys.siem(), queryFn: ({ signal }) => post('/api/audit/siem/list', {}, { signal }), refetchInterval: 10_000 });

export const useSiemDestinations = () => useQuery(siemOptions());

function useSiemChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: auditKeys.siem() }) });
}

export const useAddSiem = () => useSiemChange((body: SiemBody) => post('/api/audit/siem/add', body));
export const useEditSiem = () => useSiemChange((body: BodyOf<'/api/audit/siem/edit'>) => post('/api/audit/siem/edit', body));
export const useDeleteSiem = () => useSiemChange((body: Id) => post('/api/audit/siem/delete', body));
/** One test message over a new connection; answers whether it went (and why not). */
export const useTestSiem = () => useSiemChange((body: Id) => post('/api/audit/siem/test', body));
