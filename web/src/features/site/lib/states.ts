/**
 * The states of a planned run (plan against actual) and of a plan item's service by the robots' schedules, in
 * the order the console shows them, with their tag and chart colours. The chart's colours are the Okabe-Ito
 * palette (told apart by colour-blind readers); each tag takes the antd preset of the same hue, whose text meets
 * 4.5:1 in the console's theme.
 */
import type { RunState } from '../api/actual';
import type { ItemService } from '../api/schedules';

export const RUN_STATES = ['done', 'late', 'short', 'missed', 'failed', 'pending'] as const satisfies readonly RunState[];

export const RUN_STATE_COLORS: Record<RunState, string> = {
  done: '#009e73',
  late: '#e69f00',
  short: '#56b4e9',
  missed: '#d55e00',
  failed: '#7b3294',
  pending: '#b0b0b0',
};

export const RUN_STATE_TAGS: Record<RunState, string> = {
  done: 'green',
  late: 'orange',
  short: 'blue',
  missed: 'volcano',
  failed: 'purple',
  pending: 'default',
};

export type ServiceState = ItemService['state'];

export const SERVICE_TAGS: Record<ServiceState, string> = {
  served: 'green',
  partly: 'gold',
  unserved: 'red',
  unknown: 'default',
};

/** Thousandths as a percent with at most one decimal, in the reader's language ("87.5%", "87,5 %"). */
export function shareText(thousandths: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(thousandths / 1000);
}
