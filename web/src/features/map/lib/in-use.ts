import type { components } from '@/api/schema';
import { isApiError } from '@/api/errors';

/** The data of an import's or a sync's CONFLICT: the robots whose same-named map their tasks or schedules use. */
export type MapInUse = components['schemas']['MapInUseOut'];

const CONFLICT = 10011;

/**
 * The map in use behind a refused import or sync (the server lists the robots and what uses the map there),
 * or null for any other refusal, such as a task running on that map, which no confirmation can get past.
 */
export function mapInUseOf(error: unknown): MapInUse | null {
  if (!isApiError(error) || error.code !== CONFLICT) return null;
  const data = error.data as Partial<MapInUse> | null;
  return data && Array.isArray(data.targets) && data.targets.length > 0 && typeof data.mapName === 'string' ? (data as MapInUse) : null;
}
