import { SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Drawer, Empty, Input, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@/api/device/types';
import { useDeviceCertificates, useRevokeCertificate, type RobotCertificate } from '../api/certificates';
import { certificateState, currentCertificate, daysLeft, endsSoon, revocable, shortHex, STATE_COLOURS } from '../lib/certificates';
import { formatTime } from '../lib/device-display';

const REASON_MAX = 200;

interface Props {
  device: Device;
  canRevoke: boolean;
  onClose(): void;
}

function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  const known = certificateState(state);
  return <Tag color={STATE_COLOURS[known]}>{t(`device.certificates.states.${known}`)}</Tag>;
}

/** A robot's certificate (issue 46): the one it signs in with, its expiry and state, the history, and revoking. */
export function CertificateDrawer({ device, canRevoke, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const certificates = useDeviceCertificates(device.deviceId);
  const revoke = useRevokeCertificate();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const list = certificates.data?.list ?? [];
  const current = currentCertificate(list);
  const warnDays = certificates.data?.warnDays ?? 14;

  const confirm = () =>
    revoke.mutateAsync({ deviceId: device.deviceId, reason: reason.trim() }).then(
      () => {
        setAsking(false);
        setReason('');
        void message.success(t('device.certificates.revoked', { name: device.deviceCode }));
      },
      () => undefined,
    );

  return (
    <Drawer open width={720} title={t('device.certificates.title', { name: device.deviceCode })} onClose={onClose} destroyOnHidden>
      {certificates.isLoading ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="certificate-drawer">
          {current ? (
            <Descriptions size="small" bordered column={1} data-testid="certificate-current">
              <Descriptions.Item label={t('device.certificates.state')}>
                <StateTag state={current.state} />
                {endsSoon(current, warnDays) ? <Tag color="orange">{t('device.certificates.endsSoon')}</Tag> : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('device.certificates.notAfter')}>
                {formatTime(current.notAfter)} · {t('device.certificates.daysLeft', { count: Math.max(0, daysLeft(current.notAfter)) })}
              </Descriptions.Item>
              <Descriptions.Item label={t('device.certificates.serial')}>
                <Typography.Text code copyable={{ text: current.serial }}>
                  {shortHex(current.serial)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('device.certificates.fingerprint')}>
                <Typography.Text code copyable={{ text: current.fingerprint }}>
                  {shortHex(current.fingerprint)}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Alert type="info" showIcon icon={<SafetyCertificateOutlined />} message={t('device.certificates.none')} data-testid="certificate-none" />
          )}
          {canRevoke && revocable(list) ? (
            <Button danger icon={<StopOutlined />} onClick={() => setAsking(true)} data-testid="certificate-revoke">
              {t('device.certificates.revoke')}
            </Button>
          ) : null}
          <Table<RobotCertificate>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={list}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.certificates.empty')} /> }}
            columns={[
              { key: 'state', title: t('device.certificates.state'), width: 110, render: (_, c) => <StateTag state={c.state} /> },
              { key: 'issued', title: t('device.certificates.issuedAt'), width: 170, render: (_, c) => formatTime(c.issuedAt) },
              { key: 'end', title: t('device.certificates.notAfter'), width: 170, render: (_, c) => formatTime(c.notAfter) },
              {
                key: 'revoked',
                title: t('device.certificates.revokedAt'),
                render: (_, c) =>
                  c.revokedAt
                    ? [formatTime(c.revokedAt), c.revokedBy ?? t('device.certificates.deviceDeleted'), c.revokedReason].filter(Boolean).join(' · ')
                    : '—',
              },
            ]}
          />
        </Space>
      )}
      <Modal
        open={asking}
        title={t('device.certificates.confirmTitle', { name: device.deviceCode })}
        okText={t('device.certificates.revoke')}
        okButtonProps={{ danger: true, loading: revoke.isPending, ...({ 'data-testid': 'certificate-revoke-confirm' } as Record<string, string>) }}
        cancelText={t('device.common.cancel')}
        onOk={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <Typography.Paragraph>{t('device.certificates.confirmContent', { serial: device.deviceSerialNumber })}</Typography.Paragraph>
        <Input.TextArea
          value={reason}
          maxLength={REASON_MAX}
          onChange={(event) => setReason(event.target.value)}
          placeholder={t('device.certificates.reason')}
          aria-label={t('device.certificates.reason')}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Modal>
    </Drawer>
  );
}
