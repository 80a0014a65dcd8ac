import { Empty, Modal, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExpiringCertificates, type ExpiringCertificate } from '../api/certificates';
import { daysLeft } from '../lib/certificates';
import { formatTime } from '../lib/device-display';

const WINDOWS = [14, 30, 90] as const;

/** The robots of the caller's branch whose certificate ends soon (they stopped renewing). */
export function ExpiringCertificatesModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(WINDOWS[0]);
  const expiring = useExpiringCertificates(days);
  const total = expiring.data?.total ?? 0;
  return (
    <Modal open width={720} title={t('device.certificates.expiringTitle')} footer={null} onCancel={onClose} destroyOnHidden>
      <Segmented<number>
        value={days}
        onChange={setDays}
        options={WINDOWS.map((value) => ({ value, label: t('device.certificates.within', { count: value }) }))}
        aria-label={t('device.certificates.expiringTitle')}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="expiring-total">
        {t('device.certificates.expiringCount', { count: total })}
      </Typography.Paragraph>
      <Table<ExpiringCertificate>
        rowKey="certificateId"
        size="small"
        loading={expiring.isFetching}
        pagination={false}
        dataSource={expiring.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.certificates.noneExpiring')} /> }}
        columns={[
          { key: 'name', title: t('device.certificates.robot'), render: (_, row) => `${row.deviceName} (${row.serialNumber})` },
          { key: 'end', title: t('device.certificates.notAfter'), width: 170, render: (_, row) => formatTime(row.notAfter) },
          {
            key: 'left',
            title: t('device.certificates.left'),
            width: 120,
            render: (_, row) => t('device.certificates.daysLeft', { count: Math.max(0, daysLeft(row.notAfter)) }),
          },
        ]}
      />
    </Modal>
  );
}
