import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { DataOf } from '@/api/types';
import { mapKeys } from './keys';

export type MapList = DataOf<'/api/map/selectMap'>;
export type MapRecord = MapList['list'][number];

/**
 * A robot's maps (the server's record, refreshed from the robot while it is online): the map list page and the
 * sites' floors (a floor is tied to a robot's map by its name) read this one query.
 */
export const mapListOptions = (deviceId: number) =>
  queryOptions({ queryKey: mapKeys.list(deviceId), queryFn: () => post('/api/map/selectMap', { deviceId }), staleTime: 5_000 });

export const useMapList = (deviceId: number, enabled = true) => useQuery({ ...mapListOptions(deviceId), enabled });
