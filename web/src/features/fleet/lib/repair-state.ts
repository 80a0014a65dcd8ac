/** Repair records move pending → processing → handled, one step at a time (product-spec.md 4). */
export const REPAIR_STATES = [0, 1, 2] as const;
export type RepairState = (typeof REPAIR_STATES)[number];
export const REPAIR_STATE_NAMES = { 0: 'pending', 1: 'processing', 2: 'handled' } as const;
export type RepairStateName = (typeof REPAIR_STATE_NAMES)[RepairState];

export function asRepairState(value: number): RepairState {
  return value === 1 || value === 2 ? value : 0;
}

/** The only state a record may move to next, or null once handled. */
export function nextRepairState(state: number): RepairState | null {
  if (state === 0) return 1;
  if (state === 1) return 2;
  return null;
}
