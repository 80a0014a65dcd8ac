import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf } from '@/api/types';
import { siteKeys } from './keys';

/** A window cleaned by hand (issue 53 item 5): marked or unmarked, plan against actual follows (every site figure). */
function useByHandChange<B>(call: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => void client.invalidateQueries({ queryKey: siteKeys.all }) });
}

export const useMarkByHand = () => useByHandChange((body: BodyOf<'/api/site/plan/byHand/mark'>) => post('/api/site/plan/byHand/mark', body));
export const useUnmarkByHand = () => useByHandChange((markId: number) => post('/api/site/plan/byHand/delete', { markId }));
