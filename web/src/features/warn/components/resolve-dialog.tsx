import { App, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResolveAlarm } from '../api/alarms';
import type { Alarm } from '../api/alarms';

type Resolution = 'release' | 'dismiss';

/** Confirms one alarm: release (the fault is dealt with) or dismiss (nothing to do); who and when are kept. */
export function ResolveDialog({ alarm, text, onClose }: { alarm: Alarm; text: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [resolution, setResolution] = useState<Resolution>('release');
  const resolve = useResolveAlarm();
  return (
    <Modal
      open
      title={t('warn.resolve.title', { device: alarm.deviceName || alarm.deviceSerialNumber })}
      okText={t('warn.resolve.ok')}
      cancelText={t('warn.cancel')}
      confirmLoading={resolve.isPending}
      okButtonProps={{ 'data-testid': 'confirm-resolve' }}
      onCancel={onClose}
      onOk={() =>
        resolve
          .mutateAsync({ warnId: alarm.warnId, resolution })
          .then(() => {
            void message.success(t('warn.resolve.done'));
            onClose();
          })
          .catch(() => undefined)
      }
    >
      <Typography.Paragraph>
        <bdi>{text}</bdi>
      </Typography.Paragraph>
      <Radio.Group value={resolution} onChange={(e) => setResolution(e.target.value as Resolution)} data-testid="resolution">
        <Space orientation="vertical">
          <Radio value="release">
            {t('warn.resolutions.release')} <Typography.Text type="secondary">— {t('warn.resolve.releaseHint')}</Typography.Text>
          </Radio>
          <Radio value="dismiss">
            {t('warn.resolutions.dismiss')} <Typography.Text type="secondary">— {t('warn.resolve.dismissHint')}</Typography.Text>
          </Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
