/** How a device's fields read on screen and in the export. */
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { Device } from '@/api/device/types';
import { formatTime as formatSeconds } from '@/lib/format';
import { formatDuration } from './export-cells';

export const SIM_PROVIDERS = [0, 1, 2, 3] as const;
export type SimProvider = (typeof SIM_PROVIDERS)[number];

export function simProvider(code: number | null | undefined): SimProvider | null {
  return (SIM_PROVIDERS as readonly number[]).includes(code ?? -1) ? (code as SimProvider) : null;
}

/** Provider 3 is a brand name, written the same in every language. */
const SIM_BRAND = 'SimBoss';

/** A SIM provider code's name (product-spec.md 3: 0 Tianyuan, 1 quantum, 2 digital-signal, 3 SimBoss). */
export function simProviderName(code: number | null | undefined, t: TFunction): string {
  const provider = simProvider(code);
  if (provider === null) return '';
  return provider === 3 ? SIM_BRAND : t(`device.sim.${provider}`);
}

export function batteryColor(battery: number): string {
  if (battery < 20) return '#cf1322';
  if (battery < 50) return '#d48806';
  return '#389e0d';
}

/** A time to the second; blank for none (the device list leaves empty cells blank). */
export const formatTime = (value: string | null | undefined): string => formatSeconds(value, '');

/** Since boot (online devices that report a boot time), as hh:mm:ss. */
export function runningTime(device: Pick<Device, 'online' | 'bootTime'>, now: number): string {
  if (!device.online || !device.bootTime) return '';
  return formatDuration((now - dayjs(device.bootTime).valueOf()) / 1000);
}

/** Since the last heartbeat, as hh:mm:ss. */
export function sinceHeartbeat(device: Pick<Device, 'heartbeatTime'>, now: number): string {
  if (!device.heartbeatTime) return '';
  return formatDuration((now - dayjs(device.heartbeatTime).valueOf()) / 1000);
}

/** A percentage as the list shows it: whole numbers plain, others with one decimal. */
export function percentText(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Number.isInteger(value) ? `${value}%` : `${value.toFixed(1)}%`;
}
