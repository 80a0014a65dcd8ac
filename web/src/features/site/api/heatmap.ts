import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { isApiError } from '@/api/errors';
import type { DataOf } from '@/api/types';
import { decodeCells, type HeatCells } from '../lib/heat-cells';
import { siteKeys } from './keys';

export type HeatMap = DataOf<'/api/site/coverage/floor'>;
export type HeatLayer = HeatMap['layers'][number];
/** A layer with its cells decoded for drawing. */
export type DecodedLayer = HeatLayer & { cells: HeatCells };
export type DecodedHeatMap = Omit<HeatMap, 'layers'> & { layers: DecodedLayer[] };

/** The answer with each layer's cells decoded (inflated by the browser). */
export async function decodeHeatMap(answer: HeatMap): Promise<DecodedHeatMap> {
  const layers = await Promise.all(answer.layers.map(async (layer) => ({ ...layer, cells: await decodeCells(layer) })));
  return { ...answer, layers };
}

/** A period of site days, first and last (null: the server's default, the 30 days ending the site's today). */
export type DayRange = readonly [string, string] | null;

/** The longest period the server sums (its refusal names `startDay` past it). */
export const MAX_HEAT_DAYS = 92;
export const DEFAULT_HEAT_DAYS = 30;

/** The period fields a refusal may name: shown under the period picker, never as a toast too. */
const PERIOD_FIELDS = new Set(['startDay', 'endDay']);

/** Whether a failed heat map read is a refusal of its period (shown under the period picker). */
export function periodRefusal(error: unknown): string | null {
  return isApiError(error) && error.field !== null && PERIOD_FIELDS.has(error.field) ? error.message : null;
}

/**
 * A floor's heat map for a period: one layer per map tied to the floor, each with its counts (times cleaned per
 * coverage cell) and its cells never reached, decoded. A refusal of the period is claimed here (no toast): the panel
 * shows it under the period picker.
 */
async function readHeatMap(floorId: number, range: DayRange, signal: AbortSignal): Promise<DecodedHeatMap> {
  try {
    return await decodeHeatMap(await post('/api/site/coverage/floor', { floorId, startDay: range?.[0] ?? null, endDay: range?.[1] ?? null }, { signal }));
  } catch (error) {
    if (isApiError(error) && periodRefusal(error) !== null) error.claim();
    throw error;
  }
}

export const useFloorHeatMap = (floorId: number | null, range: DayRange) =>
  useQuery({
    queryKey: siteKeys.heatmap(floorId ?? 0, range?.[0] ?? null, range?.[1] ?? null),
    queryFn: ({ signal }) => readHeatMap(floorId ?? 0, range, signal),
    enabled: floorId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
