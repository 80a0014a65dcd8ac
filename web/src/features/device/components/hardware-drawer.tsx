import { App, Button, Card, Drawer, Empty, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyBatch } from '@/api/device/hardware';
import { useBatches } from '../api/batches';
import { useDeviceHardware } from '@/api/device/hardware';
import { useHardwareHistory } from '@/api/device/hardware';
import type { Device, DeviceHardware, HardwareChange } from '@/api/device/types';
import { useUpdateDeviceHardware } from '../api/hardware';
import { formatTime } from '../lib/device-display';

const HISTORY_PAGE_SIZE = 8;

type Category = NonNullable<DeviceHardware['cateList']>[number];

function PartsCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const hardware = useDeviceHardware(device.deviceId, true);
  const change = useUpdateDeviceHardware();
  const fitted = useMemo(() => new Map((hardware.data?.list ?? []).map((part) => [part.cateId, part])), [hardware.data]);

  const choose = async (category: Category, hardSupportId: number | null) => {
    await change.mutateAsync({ deviceId: device.deviceId, cateId: category.cateId, hardSupportId });
    void message.success(t('device.hardware.changed', { category: category.cateName }));
  };

  return (
    <Card size="small" title={t('device.hardware.parts')}>
      {hardware.isLoading ? (
        <Skeleton active />
      ) : (
        <Table<Category>
          rowKey="cateId"
          size="small"
          pagination={false}
          dataSource={hardware.data?.cateList ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.hardware.noCategories')} /> }}
          columns={[
            { key: 'category', title: t('device.hardware.category'), dataIndex: 'cateName', width: 150 },
            {
              key: 'part',
              title: t('device.hardware.part'),
              render: (_, category) => (
                <Select<number>
                  style={{ width: '100%' }}
                  allowClear
                  placeholder={t('device.hardware.noPart')}
                  value={fitted.get(category.cateId)?.hardSupportId}
                  disabled={change.isPending}
                  onChange={(id) => void choose(category, id ?? null).catch(() => undefined)}
                  options={category.list.map((part) => ({ value: part.id, label: part.version ? `${part.name} · ${part.version}` : part.name }))}
                  aria-label={category.cateName}
                />
              ),
            },
            {
              key: 'since',
              title: t('device.hardware.since'),
              width: 170,
              render: (_, category) => formatTime(fitted.get(category.cateId)?.updateTime) || '—',
            },
          ]}
        />
      )}
    </Card>
  );
}

function BatchCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const batches = useBatches();
  const apply = useApplyBatch();
  const [batchId, setBatchId] = useState<number | null>(null);
  const options = (batches.data ?? []).filter((batch) => batch.deviceType === device.deviceType);
  const chosen = options.find((batch) => batch.batchId === batchId);

  const run = async () => {
    if (!chosen) return;
    const answer = await apply.mutateAsync({ deviceId: device.deviceId, batchId: chosen.batchId });
    void message.success(t('device.hardware.applied', { name: chosen.batchName, count: answer.changed }));
  };

  return (
    <Card size="small" title={t('device.hardware.applyBatch')}>
      <Typography.Paragraph type="secondary">{t('device.hardware.applyHint', { model: device.typeName })}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Select<number>
          style={{ flex: 1 }}
          loading={batches.isLoading}
          value={batchId ?? undefined}
          onChange={setBatchId}
          placeholder={t('device.hardware.batchPlaceholder')}
          notFoundContent={t('device.hardware.noBatch')}
          options={options.map((batch) => ({ value: batch.batchId, label: `${batch.batchName} · ${batch.rackRange}` }))}
          aria-label={t('device.hardware.applyBatch')}
        />
        <Popconfirm
          title={t('device.hardware.applyConfirm', { name: chosen?.batchName ?? '' })}
          okText={t('device.hardware.apply')}
          cancelText={t('device.common.cancel')}
          onConfirm={() => run().catch(() => undefined)}
          disabled={!chosen}
        >
          <Button type="primary" disabled={!chosen} loading={apply.isPending}>
            {t('device.hardware.apply')}
          </Button>
        </Popconfirm>
      </Space.Compact>
    </Card>
  );
}

function HistoryCard({ device }: { device: Device }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useHardwareHistory(device.deviceId, page, HISTORY_PAGE_SIZE);
  return (
    <Card size="small" title={t('device.hardware.history')}>
      <Table<HardwareChange>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.hardware.noHistory')} /> }}
        pagination={{
          current: page,
          pageSize: HISTORY_PAGE_SIZE,
          total: history.data?.total ?? 0,
          onChange: setPage,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'time', title: t('device.hardware.time'), width: 160, render: (_, c) => formatTime(c.changeTime) },
          { key: 'category', title: t('device.hardware.category'), dataIndex: 'cateName', width: 110, ellipsis: true },
          {
            key: 'change',
            title: t('device.hardware.change'),
            render: (_, c) => (
              <span>
                <Typography.Text type="secondary">{c.oldPart || t('device.hardware.noPart')}</Typography.Text>
                {' → '}
                <Typography.Text>{c.newPart || t('device.hardware.noPart')}</Typography.Text>
              </span>
            ),
          },
          {
            key: 'source',
            title: t('device.hardware.source'),
            width: 100,
            render: (_, c) => <Tag>{c.source === 'batch' ? t('device.hardware.fromBatch') : t('device.hardware.byHand')}</Tag>,
          },
          { key: 'by', title: t('device.hardware.by'), dataIndex: 'account', width: 100, ellipsis: true },
        ]}
      />
    </Card>
  );
}

/** Edit hardware: the device's part per category, applying a production batch, and the change history. */
export function HardwareDrawer({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer open size={760} title={t('device.hardware.title', { name: device.deviceCode })} onClose={onClose} data-testid="hardware-drawer">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <PartsCard device={device} />
        <BatchCard device={device} />
        <HistoryCard device={device} />
      </Space>
    </Drawer>
  );
}
