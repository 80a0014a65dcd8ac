/**
 * Reading and commanding one robot through the relay. Reads poll while the page is shown (hidden
 * tabs run no effects, and TanStack Query pauses intervals while the browser tab is hidden); a
 * failed poll is not toasted every second: the screens show the state instead.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceRecordFilter } from '@/api/device/devices';
import { isApiError } from '@/api/errors';
import { isRobotRefusal, relayBlob, relayCall, type RelayTarget, type RobotAnswer } from '@/api/relay';
import { mapPath, robotPath } from '../lib/layout';
import { robotRefusalText } from '../lib/robot-text';
import { remoteKeys } from './keys';
import type {
  DisinfectAnswer,
  HardwareAnswer,
  MapInfoAnswer,
  ParamsAnswer,
  PoseAnswer,
  RadarAnswer,
  SensorAnswer,
  TrackAnswer,
  UtilitiesAnswer,
  UtilityListAnswer,
} from './robot-answers';

/** One robot as the relay reaches it. */
export interface RobotLink extends RelayTarget {
  protocol: number;
}

const POLL_TIMEOUT_MS = 8_000;

function robotRead<T extends RobotAnswer>(robot: RobotLink, call: string, intervalMs: number | false, body?: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') {
  return queryOptions({
    queryKey: remoteKeys.robot(robot.deviceId, call, body ?? null),
    queryFn: () => relayCall<T>(robot, robotPath(robot.protocol, call), { method, body, quiet: true, timeoutMs: POLL_TIMEOUT_MS }),
    refetchInterval: intervalMs,
    retry: false,
  });
}

/** robot_pose about once a second: where the robot is, its heading, map, state. */
export const useRobotPose = (robot: RobotLink) => useQuery(robotRead<PoseAnswer>(robot, 'robot_pose', 1_000));
export const useHardwareState = (robot: RobotLink) => useQuery(robotRead<HardwareAnswer>(robot, 'hardware_state', 3_000));
export const useRadar = (robot: RobotLink, enabled: boolean) =>
  useQuery({ ...robotRead<RadarAnswer>(robot, 'radar_info', 2_000), enabled });
export const useSensors = (robot: RobotLink, enabled: boolean) =>
  useQuery({ ...robotRead<SensorAnswer>(robot, 'sensor_info_web', 3_000), enabled });
export const useUtilities = (robot: RobotLink) =>
  useQuery(robotRead<UtilitiesAnswer>(robot, 'utils_state', 5_000, undefined, 'GET'));
/** Protocol 3 only: which utilities there are, with their kind and range. */
export const useUtilityList = (robot: RobotLink, enabled: boolean) =>
  useQuery({ ...robotRead<UtilityListAnswer>(robot, 'utils_list', false), enabled, staleTime: 60_000 });
export const useDisinfect = (robot: RobotLink) => useQuery(robotRead<DisinfectAnswer>(robot, 'disinfect_state', 5_000));
export const useRobotParams = (robot: RobotLink, enabled: boolean) =>
  useQuery({ ...robotRead<ParamsAnswer>(robot, 'robot_params_get', false), enabled, staleTime: 0 });

/** The current map's frame, flags and picture addresses (api2/map_info). */
export const useMapInfo = (robot: RobotLink, mapName: string | undefined) =>
  useQuery({
    queryKey: remoteKeys.robot(robot.deviceId, 'map', mapName),
    queryFn: () => relayCall<MapInfoAnswer>(robot, mapPath('map_info'), { body: { map_name: mapName }, quiet: true }),
    enabled: Boolean(mapName),
    staleTime: 60_000,
    retry: 1,
  });

function picturePath(url: string | undefined, fallback: string): string {
  return url && url.startsWith('api2/') ? url : fallback;
}

/** The map picture as a bitmap for the canvas (api2/image/<map>.png). */
export const useMapImage = (robot: RobotLink, map: MapInfoAnswer | undefined) =>
  useQuery({
    queryKey: remoteKeys.robot(robot.deviceId, 'map-image', map?.map_name, map?.version ?? null),
    queryFn: async () => {
      const path = picturePath(map?.image_url, mapPath(`image/${encodeURIComponent(map?.map_name ?? '')}.png`));
      return createImageBitmap(await relayBlob(robot, path, { quiet: true }));
    },
    enabled: map !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

/** The path driven so far on the map (api2/track/<map>.json), read once when the map opens. */
export const useTrack = (robot: RobotLink, map: MapInfoAnswer | undefined) =>
  useQuery({
    queryKey: remoteKeys.robot(robot.deviceId, 'track', map?.map_name),
    queryFn: () => {
      const path = picturePath(map?.track_points_url, mapPath(`track/${encodeURIComponent(map?.map_name ?? '')}.json`));
      return relayCall<TrackAnswer>(robot, path, { method: 'GET', quiet: true });
    },
    enabled: map !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export interface RobotCommand {
  call: string;
  body?: Record<string, unknown>;
  /** The success toast; none for repeated commands such as the joystick's. */
  done?: string;
  /** A map call (api2/) rather than one of the robot's generation. */
  map?: boolean;
  /** Read the robot's state again afterwards (not after each repeat of the joystick). */
  refresh?: boolean;
}

/** The reads a command may change (and the robot's record, under the device key). */
const REFRESHED: ReadonlySet<unknown> = new Set(['robot_pose', 'hardware_state', 'utils_state', 'disinfect_state']);

/**
 * Sends a command. The server's refusals are toasted by the client; the robot's own refusals
 * (locked, emergency stop, battery low …) are translated here. Reads are refreshed after it.
 */
export function useRobotCommand(robot: RobotLink) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ call, body, map }: RobotCommand) =>
      relayCall(robot, map ? mapPath(call) : robotPath(robot.protocol, call), { body, timeoutMs: 15_000 }),
    onSuccess: (_answer, command) => {
      if (command.done) void message.success(command.done);
      if (command.refresh !== false) {
        void client.invalidateQueries({
          queryKey: remoteKeys.robot(robot.deviceId),
          predicate: (query) => REFRESHED.has(query.queryKey[3]),
        });
        void client.invalidateQueries(deviceRecordFilter(robot.deviceId));
      }
    },
    onError: (error) => {
      const text = isRobotRefusal(error) ? robotRefusalText(t, error) : isApiError(error) ? null : t('remote.commandFailed');
      // the key folds a repeated refusal (a held joystick) into one toast
      if (text) void message.open({ type: 'error', content: text, duration: 5, key: text });
      // a lease taken meanwhile by someone else shows in the lease bar
      void client.invalidateQueries({ queryKey: remoteKeys.robot(robot.deviceId, 'lease') });
    },
  });
}
