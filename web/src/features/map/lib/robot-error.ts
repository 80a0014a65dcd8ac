import type { TFunction } from 'i18next';
import { isApiError } from '@/api/errors';
import { isRobotRefusal } from '@/api/relay';
import type { ShapeKind } from './editor-state';

/**
 * A refused robot call (api2/… through the relay) in the reader's language: a running task (5) and
 * elevator transfer (10) by the map screen's own sentences (the banner offers to stop the tasks), any
 * other refusal as the server explains it (`text`: its catalogue of robot refusals, naming the field),
 * the robot's words quoted only when the server sent no explanation. The
 * map screens call the robot quietly, so the server's own refusals (robot offline or unreachable, no
 * answer in time, another user's control lease, no permission) are not shown by the API client: their
 * message, already in the reader's language, is returned here to be shown (claimed, so it is shown
 * once). Null when there is nothing to show: a call the page cancelled, a refusal shown already.
 */
const SHAPE_OF_FIELD: Record<string, ShapeKind> = { virlines_wall: 'walls', forbidden_zone: 'zones', free_area: 'erasers' };

/** The wall, zone or eraser a refused save names (the robot's field and the shape's number), to select it. */
export function refusedShape(error: unknown): { kind: ShapeKind; index: number } | null {
  if (!isRobotRefusal(error) || !error.field || !error.index) return null;
  const kind = SHAPE_OF_FIELD[error.field];
  return kind ? { kind, index: error.index - 1 } : null;
}

export function robotErrorText(t: TFunction, error: unknown): string | null {
  if (isApiError(error)) return error.kind !== 'aborted' && error.claim() ? error.message : null;
  if (!isRobotRefusal(error)) return null;
  if (error.code === 5) return t('map.robot.busy');
  if (error.code === 10) return t('map.robot.elevator');
  if (error.text) return error.text;
  return t('map.robot.refused', { msg: error.message || String(error.code) });
}
