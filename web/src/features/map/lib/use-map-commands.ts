import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import type { RelayTarget } from '@/api/relay';
import { useDeleteMap, type MapRecord } from '../api/map-records';
import { useLoadMap } from '../api/robot-maps';
import { robotErrorText } from './robot-error';

const CONFLICT = 10011;

/**
 * Deleting a map (a map in use is deleted only after a second question naming what uses it) and loading one on
 * the robot (after a question), each with its outcome told.
 */
export function useMapCommands(target: RelayTarget) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const remove = useDeleteMap(target.deviceId);
  const load = useLoadMap(target);

  const showRobotError = (error: unknown) => {
    const text = robotErrorText(t, error);
    if (text) void message.error(text);
  };

  const deleteMap = (row: MapRecord, force: boolean) =>
    remove.mutate(
      { id: row.id, force },
      {
        onSuccess: () => void message.success(t('map.remove.done')),
        onError: (error) => {
          if (isApiError(error) && error.code === CONFLICT && !force) {
            modal.confirm({
              title: t('map.remove.title', { name: row.mapName }),
              content: error.message,
              okText: t('map.remove.force'),
              okButtonProps: { danger: true },
              onOk: () => deleteMap(row, true),
            });
          } else if (isApiError(error)) void message.error(error.message);
        },
      },
    );

  const askLoad = (row: MapRecord) =>
    modal.confirm({
      title: t('map.load.title', { name: row.mapName }),
      content: t('map.load.content'),
      onOk: () => load.mutateAsync(row.mapName).then(() => void message.success(t('map.load.done')), showRobotError),
    });

  return { deleteMap, askLoad };
}
