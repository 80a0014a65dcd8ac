import { App, Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { formatTime } from '@/lib/format';
import { useRemovePushDevice, type PushDevice } from '../api/push';

interface Props {
  devices: PushDevice[];
  /** removes this browser's own row: its browser subscription ends too */
  onRemoveCurrent(): Promise<boolean>;
}

/** One subscribed browser: its name, when added, the last notification or failure, and Remove. */
function DeviceRow({ device, onRemove }: { device: PushDevice; onRemove(device: PushDevice): void }) {
  const { t } = useTranslation();
  return (
    <li className="cf-push__device" data-testid="push-device">
      <div className="cf-push__device-text">
        <Typography.Text strong>{device.label || t('push.thisBrowser.someBrowser')}</Typography.Text>
        {device.current && <Tag color="green">{t('push.devices.current')}</Tag>}
        <Typography.Text className="cf-push__meta">
          {t('push.devices.added', { time: formatTime(device.createdAt) })}
          {' · '}
          {device.lastSentAt ? t('push.devices.lastSent', { time: formatTime(device.lastSentAt) }) : t('push.devices.neverSent')}
        </Typography.Text>
        {device.lastFailure && (
          <Typography.Text type="danger" className="cf-push__meta">
            {t('push.devices.lastError', { error: t(`push.failures.${device.lastFailure}`) })}
          </Typography.Text>
        )}
      </div>
      <Button danger onClick={() => onRemove(device)} aria-label={t('push.devices.removeNamed', { label: device.label })}>
        {t('push.devices.remove')}
      </Button>
    </li>
  );
}

/** The user's subscribed browsers, each removable after a confirmation. */
export function DeviceList({ devices, onRemoveCurrent }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const remove = useRemovePushDevice();

  const confirmRemove = (device: PushDevice) => {
    const label = device.label || t('push.thisBrowser.someBrowser');
    modal.confirm({
      title: t('push.devices.removeTitle', { label }),
      content: t('push.devices.removeContent'),
      okText: t('push.devices.remove'),
      okButtonProps: { danger: true, 'data-testid': 'push-remove-confirm' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          if (device.current) {
            if (!(await onRemoveCurrent())) return;
          } else await remove.mutateAsync(device.id);
          void message.success(t('push.devices.removed'));
        } catch (error) {
          void message.error(isApiError(error) ? error.message : t('push.devices.loadFailed'));
        }
      },
    });
  };

  if (devices.length === 0) return <Typography.Text type="secondary">{t('push.devices.empty')}</Typography.Text>;
  return (
    <ul className="cf-push__devices" aria-label={t('push.devices.heading')}>
      {devices.map((device) => (
        <DeviceRow key={device.id} device={device} onRemove={confirmRemove} />
      ))}
    </ul>
  );
}
