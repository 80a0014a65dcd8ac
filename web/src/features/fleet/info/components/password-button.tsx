import { KeyOutlined } from '@ant-design/icons';
import { Button, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewPassword } from '../../api/passwords';

interface Shown {
  password: string;
}

/** Shows the device's maintenance password after a warning; the server records who looked and when. */
export function PasswordButton({ deviceId, deviceName }: { deviceId: number; deviceName: string }) {
  const { t } = useTranslation();
  const view = useViewPassword();
  const [shown, setShown] = useState<Shown | null>(null);
  return (
    <>
      <Popconfirm
        title={t('fleet.info.viewPasswordConfirm')}
        okText={t('fleet.info.viewPassword')}
        cancelText={t('fleet.common.cancel')}
        onConfirm={() =>
          view
            .mutateAsync({ deviceId })
            .then((answer) => setShown({ password: answer.password }))
            .catch(() => undefined)
        }
      >
        <Button icon={<KeyOutlined />} loading={view.isPending} data-testid="view-password">
          {t('fleet.info.viewPassword')}
        </Button>
      </Popconfirm>
      {shown ? (
        <Modal
          open
          title={t('fleet.info.passwordTitle', { device: deviceName })}
          onOk={() => setShown(null)}
          onCancel={() => setShown(null)}
          okText={t('fleet.common.close')}
          cancelButtonProps={{ style: { display: 'none' } }}
          destroyOnHidden
        >
          {shown.password ? (
            <Typography.Text className="cf-fleet-port" copyable data-testid="device-password">
              {shown.password}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('fleet.info.noPassword')}</Typography.Text>
          )}
          <Typography.Paragraph type="secondary" style={{ marginBlockStart: 12 }}>
            {t('fleet.info.passwordRecorded')}
          </Typography.Paragraph>
        </Modal>
      ) : null}
    </>
  );
}
