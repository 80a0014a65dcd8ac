import { useQueries, useQuery } from '@tanstack/react-query';
import { deviceOptions } from '@/api/device/devices';
import { useMapList } from '@/api/map/map-list';
import { mapPicture, useBlobBitmap } from '@/api/map/map-picture';
import { useCan } from '@/lib/use-can';
import type { HeatLayer } from './heatmap';

/** Why a layer is drawn without its map picture. */
export type PictureState = 'loading' | 'shown' | 'offline' | 'noAccess' | 'failed';

/**
 * The map picture under a heat map layer: the robot's own PNG, as the map screens read it (through the relay, one
 * transfer per map version, `src/api/map/map-picture.ts`), from the first robot of the layer that is online. It
 * needs the keys of the device list, the maps and remote control (the relay); without them, or with every robot of
 * the layer offline, the cells are drawn on a plain ground.
 */
export function useLayerPicture(layer: HeatLayer): { bitmap: ImageBitmap | null; state: PictureState } {
  const can = useCan();
  const allowed = can('device/index') && can('device/maplist') && can('device_control/index/control');
  const devices = useQueries({
    queries: (allowed ? layer.robots : []).map((robot) => ({ ...deviceOptions(robot.deviceId), staleTime: 30_000 })),
  });
  const online = devices.map((d) => d.data).find((d) => d?.online && d.frpPort !== null && d.frpPort !== undefined);
  const deviceId = online?.deviceId ?? 0;
  const maps = useMapList(deviceId, online !== undefined);
  const record = maps.data?.list.find((m) => m.mapName === layer.mapName);
  const target = online && online.frpPort ? { deviceId: online.deviceId, port: online.frpPort } : null;
  const picture = useQuery({
    ...mapPicture(target ?? { deviceId: 0, port: 0 }, layer.mapName, record?.version ?? 0, record?.imagePath),
    enabled: target !== null && record !== undefined,
  });
  const bitmap = useBlobBitmap(picture.data);
  if (!allowed) return { bitmap: null, state: 'noAccess' };
  if (bitmap) return { bitmap, state: 'shown' };
  if (devices.some((d) => d.isPending) || (online && (maps.isPending || (record && picture.isPending)))) return { bitmap: null, state: 'loading' };
  if (!online) return { bitmap: null, state: 'offline' };
  if (picture.data) return { bitmap: null, state: 'loading' };
  return { bitmap: null, state: 'failed' };
}
