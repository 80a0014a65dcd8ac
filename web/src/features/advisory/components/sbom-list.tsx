import { UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import { type SbomDetail, type SbomRow, useSbom, useSboms, useUploadSbom } from '../api/advisories';

type Component = SbomDetail['components'][number];

/** A firmware's components, as its SBOM lists them. */
function ComponentsDialog({ row, onClose }: { row: SbomRow; onClose: () => void }) {
  const { t } = useTranslation();
  const sbom = useSbom(row.versionId);
  const columns: ColumnsType<Component> = [
    { title: t('advisory.sbom.componentColumns.name'), dataIndex: 'name', key: 'name' },
    { title: t('advisory.sbom.componentColumns.version'), dataIndex: 'version', key: 'version' },
    { title: t('advisory.sbom.componentColumns.purl'), dataIndex: 'purl', key: 'purl', render: (purl: string) => <bdi>{purl}</bdi> },
  ];
  return (
    <Modal open width={820} footer={null} onCancel={onClose} title={t('advisory.sbom.componentsTitle', { name: row.name, version: row.version })} data-testid="sbom-components">
      <QueryState query={sbom}>
        <Table<Component> rowKey={(c) => `${c.purl}|${c.name}|${c.version}`} size="small" columns={columns} dataSource={sbom.data?.components ?? []} pagination={{ pageSize: 50, hideOnSinglePage: true }} />
      </QueryState>
    </Modal>
  );
}

/** Every firmware with its SBOM (components counted), its components shown, an SBOM attached or replaced. */
export function SbomList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const sboms = useSboms();
  const upload = useUploadSbom();
  const [shown, setShown] = useState<SbomRow | null>(null);

  const columns: ColumnsType<SbomRow> = [
    { title: t('advisory.sbom.columns.firmware'), dataIndex: 'name', key: 'name' },
    { title: t('advisory.sbom.columns.version'), dataIndex: 'version', key: 'version' },
    {
      title: t('advisory.sbom.columns.components'),
      key: 'components',
      render: (_, row) => (row.hasSbom ? row.componentCount : <Typography.Text type="secondary">{t('advisory.sbom.none')}</Typography.Text>),
    },
    { title: t('advisory.sbom.columns.file'), dataIndex: 'fileName', key: 'file', render: (name: string) => name || '—' },
    { title: t('advisory.sbom.columns.uploaded'), key: 'uploaded', render: (_, row) => (row.createTime ? dayjs(row.createTime).format('YYYY-MM-DD HH:mm') : '—') },
    {
      title: t('advisory.sbom.columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={4} wrap>
          {row.hasSbom ? (
            <Button size="small" icon={<UnorderedListOutlined />} onClick={() => setShown(row)} data-testid={`sbom-view-${row.versionId}`}>
              {t('advisory.sbom.view')}
            </Button>
          ) : null}
          {can('version/advisory/sbom') ? (
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                upload
                  .mutateAsync({ versionId: row.versionId, file })
                  .then(() => void message.success(t('advisory.sbom.uploaded', { name: row.name })))
                  .catch(() => undefined);
                return false;
              }}
            >
              <Button size="small" icon={<UploadOutlined />} data-testid={`sbom-upload-${row.versionId}`}>
                {t('advisory.sbom.upload')}
              </Button>
            </Upload>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <QueryState query={sboms} empty={sboms.data?.length === 0} emptyText={t('advisory.sbom.empty')}>
        <ResponsiveTable<SbomRow>
          rowKey="versionId"
          columns={columns}
          dataSource={sboms.data ?? []}
          loading={sboms.isFetching && !sboms.isPending}
          scroll={{ x: 'max-content' }}
          cardTestId="sbom-card"
          data-testid="sbom-list"
          pagination={false}
        />
      </QueryState>
      {shown ? <ComponentsDialog row={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
