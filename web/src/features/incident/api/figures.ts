import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { incidentKeys } from '@/api/incident/keys';
import type { BodyOf, DataOf } from '@/api/types';

export type FiguresBody = BodyOf<'/api/incident/figures'>;
export type ChartBody = BodyOf<'/api/incident/chart'>;
export type Figures = DataOf<'/api/incident/figures'>;
export type FigureRow = Figures['rows'][number];
export type Chart = DataOf<'/api/incident/chart'>;
export type Dimension = NonNullable<FiguresBody['by']>;
export type Period = NonNullable<ChartBody['range']>;

/** Time to acknowledge and to resolve per site, robot, alarm name or branch over a period, with the total. */
export const useFigures = (body: FiguresBody) =>
  useQuery({
    queryKey: incidentKeys.figures(body),
    queryFn: ({ signal }) => post('/api/incident/figures', body, { signal }),
    placeholderData: keepPreviousData,
  });

/** Incidents opened and their mean times per day, week or month of the period. */
export const useIncidentChart = (body: ChartBody) =>
  useQuery({
    queryKey: incidentKeys.chart(body),
    queryFn: ({ signal }) => post('/api/incident/chart', body, { signal }),
    placeholderData: keepPreviousData,
  });
