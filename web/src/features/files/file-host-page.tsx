import { DeleteOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Input, Popconfirm, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '@/components/charts/echart';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { downloadStored, useDeleteStored, useOssInfo, useOssList, type StoredObject } from './api/oss';
import { UploadField } from './components/upload-field';
import { formatBytes, formatTime } from '@/lib/format';

const PAGE = 'file/host';
const PAGE_SIZE = 20;

/**
 * The file host (file/host): every stored file of the user's branch, wherever the server keeps them (its
 * own folder or an S3-compatible store), with the bytes per folder, upload, download and delete.
 */
export default function FileHostPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<{ folder?: string; name?: string; currentPage: number }>({ currentPage: 1 });
  const [folder, setFolder] = useState('uploads');
  const [isPrivate, setIsPrivate] = useState(true);
  const objects = useOssList({ ...filter, pageSize: PAGE_SIZE });
  const info = useOssInfo();
  const remove = useDeleteStored();
  const folders = info.data?.folders ?? [];
  const chart: ChartOption = {
    tooltip: { trigger: 'item', formatter: (p: unknown) => { const v = p as { name: string; value: number }; return `${v.name || '/'}: ${formatBytes(v.value)}`; } },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ type: 'pie', radius: ['40%', '70%'], data: folders.map((f) => ({ name: f.folder || '/', value: f.bytes })) }],
  };

  const columns: ColumnsType<StoredObject> = [
    { title: t('files.common.name'), dataIndex: 'name', key: 'name', render: (n: string) => <strong>{n}</strong> },
    { title: t('files.host.folderFilter'), dataIndex: 'folder', key: 'folder', render: (f: string) => f || '/' },
    { title: t('files.common.size'), dataIndex: 'size', key: 'size', render: formatBytes },
    {
      title: t('files.host.visibility'), dataIndex: 'isPrivate', key: 'visibility',
      render: (p: boolean) => <Tag color={p ? 'gold' : 'green'}>{p ? t('files.host.private') : t('files.host.public')}</Tag>,
    },
    { title: t('files.common.time'), dataIndex: 'createTime', key: 'time', render: (time: string) => formatTime(time) },
    {
      title: t('files.common.actions'), key: 'actions',
      render: (_, o) => (
        <Space size={4}>
          <Button size="small" type="link" icon={<DownloadOutlined />} onClick={() => void downloadStored(o.savePath, o.isPrivate).catch(() => undefined)}>
            {t('files.common.download')}
          </Button>
          {can(`${PAGE}/delete`) ? (
            <Popconfirm title={t('files.host.deleteConfirm', { name: o.name })} okButtonProps={{ danger: true }} okText={t('files.common.delete')}
              onConfirm={() => remove.mutateAsync({ isPrivate: o.isPrivate, savePath: [o.savePath] }).then(() => void message.success(t('files.common.deleted'))).catch(() => undefined)}>
              <Button size="small" type="link" danger icon={<DeleteOutlined />}>{t('files.common.delete')}</Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={t('files.host.title')} data-testid="file-host-page"
      extra={info.data ? <Tag>{t('files.host.storage')}: {info.data.storage === 's3' ? t('files.host.storageS3') : t('files.host.storageLocal')}</Tag> : null}>
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col xs={24} md={10}>
          <Typography.Text strong>{t('files.host.chart')}</Typography.Text>
          <QueryState query={info}>
            <EChart option={chart} height={220} label={t('files.host.chart')} testId="folder-chart" />
          </QueryState>
        </Col>
        {can(`${PAGE}/add`) ? (
          <Col xs={24} md={14}>
            <Typography.Text strong>{t('files.host.upload')}</Typography.Text>
            <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
              <Space wrap>
                <Input addonBefore={t('files.upload.folder')} aria-label={t('files.upload.folder')} value={folder} onChange={(e) => setFolder(e.target.value)} style={{ width: 240 }} />
                <Switch checked={isPrivate} onChange={setIsPrivate} aria-label={t('files.upload.private')} /> {t('files.upload.private')}
              </Space>
              <UploadField folder={folder.trim()} isPrivate={isPrivate} onUploaded={() => undefined} testId="host-upload-input" />
            </Space>
          </Col>
        ) : null}
      </Row>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear placeholder={t('files.host.folderFilter')} aria-label={t('files.host.folderFilter')} style={{ width: 200 }} value={filter.folder}
          options={folders.map((f) => ({ value: f.folder, label: `${f.folder || '/'} (${f.count})` }))}
          onChange={(value?: string) => setFilter((f) => ({ ...f, folder: value, currentPage: 1 }))} />
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('files.host.nameFilter')} value={text} onChange={(e) => setText(e.target.value)}
          onPressEnter={() => setFilter((f) => ({ ...f, name: text.trim() || undefined, currentPage: 1 }))} style={{ width: 200 }} />
        <Button icon={<SearchOutlined />} onClick={() => setFilter((f) => ({ ...f, name: text.trim() || undefined, currentPage: 1 }))}>
          {t('files.common.search')}
        </Button>
      </Space>
      <QueryState query={objects}>
        <Table<StoredObject> rowKey="id" columns={columns} dataSource={objects.data?.list ?? []} scroll={{ x: 'max-content' }}
          loading={objects.isFetching && !objects.isPending} locale={{ emptyText: t('files.host.empty') }}
          pagination={{ current: filter.currentPage, pageSize: PAGE_SIZE, total: objects.data?.total ?? 0, showSizeChanger: false,
            onChange: (currentPage) => setFilter((f) => ({ ...f, currentPage })) }} />
      </QueryState>
    </Card>
  );
}
