import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import { incidentKeys } from '@/api/incident/keys';
import type { BodyOf, DataOf } from '@/api/types';

export type Rule = DataOf<'/api/incident/rule/list'>[number];
export type RuleBody = BodyOf<'/api/incident/rule/edit'>;
export type Level = Rule['levels'][number];
export type Duty = DataOf<'/api/incident/duty/list'>[number];
export type DutyBody = BodyOf<'/api/incident/duty/insert'>;

/** Every alarm name with the rule that applies to the branch (null: the caller's own). */
export const useRules = (userId: number | null) =>
  useQuery({
    queryKey: incidentKeys.rules(userId),
    queryFn: ({ signal }) => post('/api/incident/rule/list', { userId: userId ?? undefined }, { signal }),
  });

/** Who is on duty for the branch, with whether each is now. */
export const useDuties = (userId: number | null) =>
  useQuery({
    queryKey: incidentKeys.duty(userId),
    queryFn: ({ signal }) => post('/api/incident/duty/list', { userId: userId ?? undefined }, { signal }),
  });

function useSettingsChange<B, R>(call: (body: B) => Promise<R>, key: 'rules' | 'duty') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void client.invalidateQueries({ queryKey: incidentKeys.settings(key) }),
  });
}

export const useEditRule = () => useSettingsChange((body: RuleBody) => post('/api/incident/rule/edit', body), 'rules');
export const useResetRule = () => useSettingsChange((body: BodyOf<'/api/incident/rule/reset'>) => post('/api/incident/rule/reset', body), 'rules');
export const useInsertDuty = () => useSettingsChange((body: DutyBody) => post('/api/incident/duty/insert', body), 'duty');
export const useDeleteDuty = () => useSettingsChange((body: BodyOf<'/api/incident/duty/delete'>) => post('/api/incident/duty/delete', body), 'duty');
