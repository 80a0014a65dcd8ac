import type { TFunction } from 'i18next';
import { isApiError } from '@/api/errors';
import { isRobotRefusal } from '@/api/relay';

/**
 * A refused robot call (api2/… through the relay) in the reader's language: a running task (5) and
 * elevator transfer (10) by their own sentences, any other robot code with the robot's words. The
 * map screens call the robot quietly, so the server's own refusals (robot offline or unreachable, no
 * answer in time, another user's control lease, no permission) are not shown by the API client: their
 * message, already in the reader's language, is returned here to be shown (claimed, so it is shown
 * once). Null when there is nothing to show: a call the page cancelled, a refusal shown already.
 */
export function robotErrorText(t: TFunction, error: unknown): string | null {
  if (isApiError(error)) return error.kind !== 'aborted' && error.claim() ? error.message : null;
  if (!isRobotRefusal(error)) return null;
  if (error.code === 5) return t('map.robot.busy');
  if (error.code === 10) return t('map.robot.elevator');
  return t('map.robot.refused', { msg: error.message || String(error.code) });
}
