import { useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { useSiteChange } from './sites';
import { siteKeys } from './keys';

export type PlanItem = DataOf<'/api/site/plan/list'>[number];
export type PlanItemBody = BodyOf<'/api/site/plan/insert'>;

/** A site's plan items, by building, floor and window. */
export const usePlanItems = (siteId: number) =>
  useQuery({ queryKey: siteKeys.plans(siteId), queryFn: ({ signal }) => post('/api/site/plan/list', { siteId }, { signal }) });

export const useInsertPlanItem = () => useSiteChange((body: PlanItemBody) => post('/api/site/plan/insert', body));
export const useUpdatePlanItem = () => useSiteChange((body: BodyOf<'/api/site/plan/update'>) => post('/api/site/plan/update', body));
export const useDeletePlanItem = () => useSiteChange((body: BodyOf<'/api/site/plan/delete'>) => post('/api/site/plan/delete', body));
