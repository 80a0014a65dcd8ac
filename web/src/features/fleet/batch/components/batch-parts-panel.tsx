import { PlusOutlined, ToolOutlined } from '@ant-design/icons';
import { App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddBatchParts } from '../../api/batches';
import { useBatch } from '../../api/batches';
import { usePartGroups } from '../../api/parts';
import { useRemoveBatchPart } from '../../api/batches';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { ApplyBatchDialog } from './apply-batch-dialog';
import { partLabel, partsOf, type BatchPart } from './batch-parts';
import { TableEmpty } from '../../components/table-empty';

const PAGE = 'device/index/product/batch/index';

/** A batch's hardware, one part per category: add, change or remove parts; apply the batch to a device. */
export function BatchPartsPanel({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const batch = useBatch(batchId);
  const groups = usePartGroups();
  const add = useAddBatchParts();
  const remove = useRemoveBatchPart();
  const [adding, setAdding] = useState<number>();
  const [applying, setApplying] = useState(false);
  const parts = partsOf(batch.data);
  const canEdit = can(`${PAGE}/edit`);
  const usedCategories = new Set(parts.map((p) => p.cateId));

  const put = (partId: number) =>
    add
      .mutateAsync({ batchId, hardSupportIds: [partId] })
      .then(() => void message.success(t('fleet.common.saved')))
      .catch(() => undefined);

  const columns: ColumnsType<BatchPart> = [
    { title: t('fleet.hardware.category'), dataIndex: 'cateName', key: 'cate', width: 180, render: (name: string) => <Tag>{name}</Tag> },
    {
      title: t('fleet.hardware.partName'),
      key: 'part',
      render: (_, part) =>
        canEdit ? (
          <Select<number>
            size="small"
            style={{ minWidth: 220 }}
            value={part.id}
            aria-label={t('fleet.batch.changePart')}
            onChange={(next) => void put(next)}
            options={(groups.data?.find((g) => g.cateId === part.cateId)?.list ?? [part]).map((p) => ({
              value: p.id,
              label: partLabel(p),
            }))}
          />
        ) : (
          partLabel(part)
        ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('fleet.common.actions'),
      key: 'actions',
      width: 110,
      render: (_, part) => (
        <DeleteButton
          confirm={t('fleet.batch.removePartConfirm', { name: partLabel(part) })}
          onDelete={() => remove.mutateAsync({ batchId, hardSupportId: part.id })}
          label={t('fleet.batch.removePart')}
          okText={t('fleet.batch.removePart')}
          successText={t('fleet.common.saved')}
        />
      ),
    });
  }

  const addOptions = (groups.data ?? [])
    .filter((g) => !usedCategories.has(g.cateId) && g.list.length > 0)
    .map((g) => ({ label: g.cateName, options: g.list.map((p) => ({ value: p.id, label: partLabel(p) })) }));

  return (
    <div className="cf-fleet" data-testid={`batch-parts-${batchId}`}>
      <QueryState query={batch} rows={2}>
        <Table<BatchPart>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={parts}
          pagination={false}
          locale={{ emptyText: <TableEmpty text={t('fleet.batch.noParts')} /> }}
        />
        <Space wrap>
          {canEdit && addOptions.length > 0 ? (
            <Space.Compact>
              <Select<number>
                style={{ minWidth: 260 }}
                placeholder={t('fleet.batch.pickPart')}
                value={adding}
                onChange={setAdding}
                options={addOptions}
                aria-label={t('fleet.batch.addPart')}
              />
              <Button
                icon={<PlusOutlined />}
                disabled={adding === undefined}
                loading={add.isPending}
                onClick={() => adding !== undefined && void put(adding).then(() => setAdding(undefined))}
              >
                {t('fleet.batch.addPart')}
              </Button>
            </Space.Compact>
          ) : null}
          {can(`${PAGE}/apply`) && batch.data ? (
            <Button icon={<ToolOutlined />} onClick={() => setApplying(true)}>
              {t('fleet.batch.apply')}
            </Button>
          ) : null}
          <Typography.Text type="secondary">{t('fleet.batch.onePerCategory')}</Typography.Text>
        </Space>
      </QueryState>
      {applying && batch.data ? <ApplyBatchDialog batch={batch.data} onClose={() => setApplying(false)} /> : null}
    </div>
  );
}
