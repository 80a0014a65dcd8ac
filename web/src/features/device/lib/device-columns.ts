/**
 * Which columns the device list shows. Twelve do not fit a 1440 px screen beside the menu, so the
 * list starts with the ones a fleet operator reads every day and a picker adds the others; the
 * choice is kept per user (in this browser, under the user's id: two people sharing a computer keep
 * their own). The device column (the name that opens its details) and the actions always show.
 */
import { readStored, writeStored } from '@/lib/storage';

export const OPTIONAL_COLUMNS = ['model', 'owner', 'state', 'battery', 'task', 'map', 'versions', 'sim', 'rack', 'heartbeat'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/**
 * About 1,100 px with the device and actions columns: no sideways scrolling at 1440 px beside the menu.
 * The last heartbeat is not among them: an offline robot's state cell says when it was last seen.
 */
export const DEFAULT_COLUMNS: readonly OptionalColumn[] = ['owner', 'state', 'battery', 'task'];

const storedName = (userId: number) => `deviceColumns:${userId}`;

export function readColumns(userId: number): OptionalColumn[] {
  const stored = readStored<unknown>(storedName(userId));
  if (!Array.isArray(stored)) return [...DEFAULT_COLUMNS];
  return OPTIONAL_COLUMNS.filter((key) => stored.includes(key));
}

export function keepColumns(userId: number, columns: readonly OptionalColumn[]): void {
  writeStored(storedName(userId), OPTIONAL_COLUMNS.filter((key) => columns.includes(key)));
}
