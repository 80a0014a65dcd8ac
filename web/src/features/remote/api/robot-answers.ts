/**
 * The shapes of the robot answers the remote control pages read (api-spec.md 7.9; the simulator's
 * README documents them). Robots of other makes may leave fields out, so the screens treat every
 * field as possibly missing.
 */
import type { RobotAnswer } from '@/api/relay';
import type { HardwareLike, RobotErrorEntry } from '../lib/robot-state';

export type PoseAnswer = RobotAnswer & {
  x: number;
  y: number;
  yaw: number;
  map_name?: string;
  localized?: number;
  linear?: number;
  angular?: number;
  state?: string;
};

export type HardwareAnswer = RobotAnswer &
  HardwareLike & {
    battery?: { percent?: number; voltage?: number; current?: number; temperature?: number; charging?: number; on_pile?: number };
    motors?: Record<string, { current?: number; temperature?: number; ok?: number }>;
    locked?: number;
    lidar?: number;
    imu?: number;
    cpu_temperature?: number;
    disk?: { used_gb?: number; total_gb?: number };
    uptime_s?: number;
    errors?: RobotErrorEntry[];
  };

export type RadarAnswer = RobotAnswer & { points?: [number, number][] };

export type SensorAnswer = RobotAnswer & {
  ultrasonic?: number[];
  cliff?: number[];
  bumper?: number;
  imu?: { roll?: number; pitch?: number; yaw?: number; ok?: number };
  odom?: { linear?: number; angular?: number; total_m?: number; ok?: number };
  lidar?: number;
  depth_camera?: number;
  temperature?: number;
  humidity?: number;
  serial?: number;
};

export interface UtilityState {
  id: number;
  name: string;
  value?: number;
  val?: number;
}
export type UtilitiesAnswer = RobotAnswer & { utils?: UtilityState[] };

export interface UtilitySpec {
  id: number;
  name: string;
  type?: string;
  min?: number;
  max?: number;
}
export type UtilityListAnswer = RobotAnswer & { utils?: UtilitySpec[] };

export type DisinfectAnswer = RobotAnswer & { speed_Value?: number; running?: number; left_level?: number; right_level?: number };

export type ParamsAnswer = RobotAnswer & {
  params?: Record<string, number>;
  ranges?: Record<string, { min?: number; max?: number; default?: number }>;
};

export interface MapFlag {
  name: string;
  x: number;
  y: number;
  yaw?: number;
  type?: number;
}

export type MapInfoAnswer = RobotAnswer & {
  map_name: string;
  resolution: number;
  origin: [number, number, ...number[]];
  width: number;
  height: number;
  version?: number | string;
  image_url?: string;
  track_points_url?: string;
  flags?: MapFlag[];
  /** Saved virtual walls (polylines) and forbidden zones (polygons), [[x, y], ...] in metres. */
  virlines_wall?: number[][][];
  forbidden_zone?: number[][][];
};

export type TrackAnswer = RobotAnswer & { points?: [number, number][] };

/** What a layout gets from the page's polls: the pose (about every second) and the hardware state. */
export interface RobotReadings {
  pose?: PoseAnswer;
  hardware?: HardwareAnswer;
}
