/** The task report calls (/api/taskReport/*, api-spec 7.6) and their query keys. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { reportKeys } from './keys';

export type ReportFilter = BodyOf<'/api/taskReport/list'>;
export type Report = DataOf<'/api/taskReport/list'>['list'][number];
export type ReportDetail = DataOf<'/api/taskReport/detail'>;
export type ChartBody = BodyOf<'/api/taskReport/chart'>;
export type ChartData = DataOf<'/api/taskReport/chart'>;
export type SummaryData = DataOf<'/api/taskReport/chartSummary'>;
export type MapData = DataOf<'/api/taskReport/chartMap'>;

export const getReports = (filter: ReportFilter, signal?: AbortSignal) => post('/api/taskReport/list', filter, { signal });

export const useReports = (filter: ReportFilter) =>
  useQuery({ queryKey: reportKeys.list(filter), queryFn: ({ signal }) => getReports(filter, signal), placeholderData: keepPreviousData });

export const useReportDetail = (id: number) =>
  useQuery({ queryKey: reportKeys.detail(id), queryFn: ({ signal }) => post('/api/taskReport/detail', { taskReportId: id }, { signal }) });

export const useChildTasks = (gid: number, enabled: boolean) =>
  useQuery({ queryKey: reportKeys.children(gid), queryFn: ({ signal }) => post('/api/taskReport/listChildTask', { gid }, { signal }), enabled });

export const useChart = (body: ChartBody) =>
  useQuery({ queryKey: reportKeys.chart('chart', body), queryFn: ({ signal }) => post('/api/taskReport/chart', body, { signal }), placeholderData: keepPreviousData });

export const useSummary = (body: ChartBody) =>
  useQuery({ queryKey: reportKeys.chart('summary', body), queryFn: ({ signal }) => post('/api/taskReport/chartSummary', body, { signal }), placeholderData: keepPreviousData });

export const useChartMap = (body: ChartBody) =>
  useQuery({ queryKey: reportKeys.chart('map', body), queryFn: ({ signal }) => post('/api/taskReport/chartMap', body, { signal }), placeholderData: keepPreviousData });

/** Every change refreshes the lists and the charts (the aggregate follows on the server at once). */
function useReportChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: reportKeys.all }) });
}

export const useEditReport = () => useReportChange((body: BodyOf<'/api/taskReport/editTaskReport'>) => post('/api/taskReport/editTaskReport', body));
export const useInsertReport = () => useReportChange((body: BodyOf<'/api/taskReport/insertTaskReport'>) => post('/api/taskReport/insertTaskReport', body));
export const useDeleteReport = () => useReportChange((body: BodyOf<'/api/taskReport/deleteTaskReport'>) => post('/api/taskReport/deleteTaskReport', body));
