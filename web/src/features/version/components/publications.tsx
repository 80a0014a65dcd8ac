import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Empty, Popconfirm, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useDeletePublication, usePublications, type Firmware, type OtaRecord } from '../api/firmware';
import { updateReason } from '../lib/signature';
import { UpdateState } from './update-state';

/** A firmware's publications, each robot's update state live with its progress; delete one (confirmed). */
export function Publications({ firmware, canPublish, onClose }: { firmware: Firmware; canPublish: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const publications = usePublications(firmware.id);
  const remove = useDeletePublication();
  const columns = [
    { title: t('version.device'), key: 'device', render: (_: unknown, u: OtaRecord) => `${u.deviceName} (${u.deviceSerialNumber})` },
    { title: t('version.from'), dataIndex: 'fromVersion', key: 'from' },
    {
      title: t('version.state'),
      key: 'state',
      render: (_: unknown, u: OtaRecord) => <UpdateState state={u.state} progress={u.progress} testId={`ota-state-${u.deviceSerialNumber}`} />,
    },
    { title: t('version.reason'), key: 'reason', render: (_: unknown, u: OtaRecord) => updateReason(t, u.reason) },
  ];
  return (
    <Drawer open width={820} title={t('version.publicationsTitle', { name: firmware.name, version: firmware.version })} onClose={onClose} data-testid="publications">
      <QueryState query={publications}>
        {(publications.data ?? []).length === 0 ? <Empty description={t('version.noPublications')} /> : null}
        {(publications.data ?? []).map((p) => (
          <div key={p.publicId} style={{ marginBottom: 24 }} data-testid={`publication-${p.publicId}`}>
            <Space style={{ marginBottom: 8 }}>
              <Typography.Text type="secondary">{t('version.publishedAt', { time: dayjs(p.createTime).format('YYYY-MM-DD HH:mm'), user: p.userName })}</Typography.Text>
              {canPublish ? (
                <Popconfirm
                  title={t('version.deletePublicationConfirm')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove
                      .mutateAsync({ publicId: p.publicId })
                      .then(() => void message.success(t('version.publicationDeleted')))
                      .catch(() => undefined)
                  }
                >
                  <Button size="small" danger type="link" icon={<DeleteOutlined />}>
                    {t('version.deletePublication')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Space>
            <Table<OtaRecord> size="small" rowKey="updateId" columns={columns} dataSource={p.updates} pagination={false} />
          </div>
        ))}
      </QueryState>
    </Drawer>
  );
}
