import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteBatch } from '../api/batches';
import { useBatches, type Batch } from '../api/batches';
import { useDeviceTypes } from '@/api/device/device-types';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { formatTime } from '../lib/format';
import { BatchDialog } from './components/batch-dialog';
import { BatchPartsPanel } from './components/batch-parts-panel';
import '../components/fleet.css';
import { TableEmpty } from '../components/table-empty';
import { DeleteButton } from '@/components/delete-button';
import { serverPaging } from '../components/pagination';
import { actionsColumnWidth } from '@/lib/text-width';

const PAGE = 'device/index/product/batch/index';
const PAGE_SIZE = 20;

const renderParts = (batch: Batch) => <BatchPartsPanel batchId={batch.batchId} />;

/** Production batches: a device model, a rack number range and the hardware fitted. */
export default function BatchPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [name, setName] = useState('');
  const [filter, setFilter] = useState<{ batchName?: string; deviceType?: number; currentPage: number }>({ currentPage: 1 });
  const [editing, setEditing] = useState<Batch | 'new' | null>(null);
  const batches = useBatches({ ...filter, pageSize: PAGE_SIZE });
  const types = useDeviceTypes();
  const remove = useDeleteBatch();

  const columns: ColumnsType<Batch> = [
    { title: t('fleet.batch.name'), dataIndex: 'batchName', key: 'name', render: (value: string) => <Typography.Text strong>{value}</Typography.Text> },
    { title: t('fleet.common.deviceType'), dataIndex: 'typeName', key: 'type' },
    {
      title: t('fleet.batch.rackRange'),
      dataIndex: 'rackRange',
      key: 'range',
      render: (value: string) => <span className="cf-fleet-mono">{value}</span>,
    },
    { title: t('fleet.common.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    { title: t('fleet.common.createTime'), dataIndex: 'createTime', key: 'created', render: (value: string) => formatTime(value), width: 150 },
  ];
  if (can(`${PAGE}/edit`) || can(`${PAGE}/delete`)) {
    columns.push({
      title: t('fleet.common.actions'),
      key: 'actions',
      width: actionsColumnWidth([t('fleet.common.edit'), t('fleet.common.delete')], 2, 170),
      render: (_, batch) => (
        <Space size={4}>
          {can(`${PAGE}/edit`) ? (
            <Button size="small" color="primary" variant="link" icon={<EditOutlined />} onClick={() => setEditing(batch)}>
              {t('fleet.common.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton
              confirm={t('fleet.batch.deleteConfirm', { name: batch.batchName })}
              onDelete={() => remove.mutateAsync({ batchId: batch.batchId })}
              label={t('fleet.common.delete')}
            />
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <div className="cf-fleet" data-testid="batch-page">
      <Card size="small">
        <div className="cf-fleet-toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('fleet.batch.filterName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => setFilter((f) => ({ ...f, batchName: name.trim() || undefined, currentPage: 1 }))}
            style={{ width: 220 }}
          />
          <Select<number>
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('fleet.common.allTypes')}
            value={filter.deviceType}
            onChange={(deviceType) => setFilter((f) => ({ ...f, deviceType: deviceType ?? undefined, currentPage: 1 }))}
            options={(types.data ?? []).map((type) => ({ value: type.typeId, label: type.typeName }))}
            aria-label={t('fleet.common.deviceType')}
          />
          <Button
            type="default"
            icon={<SearchOutlined />}
            onClick={() => setFilter((f) => ({ ...f, batchName: name.trim() || undefined, currentPage: 1 }))}
          >
            {t('fleet.common.search')}
          </Button>
          <div className="cf-fleet-toolbar__end">
            {can(`${PAGE}/add`) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-batch">
                {t('fleet.batch.add')}
              </Button>
            ) : null}
          </div>
        </div>
      </Card>
      <Card size="small">
        <QueryState query={batches}>
          <Table<Batch>
            rowKey="batchId"
            columns={columns}
            dataSource={batches.data?.list ?? []}
            loading={batches.isFetching && !batches.isPending}
            expandable={{
              expandedRowRender: renderParts,
              expandRowByClick: false,
            }}
            locale={{ emptyText: <TableEmpty text={t('fleet.common.empty')} /> }}
            pagination={serverPaging(filter.currentPage, PAGE_SIZE, batches.data?.total ?? 0, (currentPage) => setFilter((f) => ({ ...f, currentPage })))}
          />
        </QueryState>
      </Card>
      {editing ? <BatchDialog batch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
