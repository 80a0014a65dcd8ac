import type { TFunction } from 'i18next';

/** The robots' alarm names the filters offer (sim/README.md; texts in monitor.alarm.keys). */
export const ALARM_KEYS = [
  'lidar_dock_failed', 'lidar_dock_failed_low_power', 'lidar_dock_failed_hot', 'lidar_dock_failed_no_ranging',
  'replan_failed', 'paused_costmap_invalid', 'paused_emergency_stop', 'paused_manual_mode', 'disinfectant_low_left',
  'disinfectant_low_right', 'disinfectant_full_left', 'disinfectant_full_right', 'odometer', 'imu', 'lidar',
  'depth_camera', 'path_error', 'p2p_path_failed', 'elevator_failed', 'network_abnormal', 'map_load_failed',
  'low_localization', 'map_elements_outside', 'path_not_solved', 'building_map', 'map_not_selected',
  'position_unconfirmed', 'low_battery', 'disinfectant_level', 'manual_mode', 'brake', 'emergency_stop', 'serial_error',
] as const;

export const STATE_COLORS: Record<string, string> = { unresolved: 'red', resolved: 'green', unknown: 'default' };

/** An alarm name or a settings event in the reader's language. */
export function codeName(t: TFunction, code: string, exists: (key: string) => boolean): string {
  if (exists(`monitor.alarm.keys.${code}`)) return t(`monitor.alarm.keys.${code}` as 'monitor.alarm.keys.lidar');
  if (exists(`warn.settings.events.${code}`)) return t(`warn.settings.events.${code}` as 'warn.settings.events.task_ended');
  return code;
}
