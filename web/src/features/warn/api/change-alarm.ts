import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolveAlarms } from '@/api/alarm/alarm-calls';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { warnKeys } from './keys';

/** Every change to alarms reloads the centre's list, summary and chart, and the live alarm page's list. */
function useAlarmChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: warnKeys.all });
      void client.invalidateQueries({ queryKey: ['monitor'] });
      void client.invalidateQueries({ queryKey: ['message'] });
    },
  });
}

export type ResolveBody = BodyOf<'/api/warn/resumeWarn'>;
export type DeleteBody = BodyOf<'/api/warn/deleteWarn'>;

export const useResolveAlarm = () => useAlarmChange((body: ResolveBody) => resolveAlarms(body));
export const useDeleteAlarms = () => useAlarmChange((body: DeleteBody) => post('/api/warn/deleteWarn', body));
