import { RobotOutlined } from '@ant-design/icons';
import { Empty, Table, type TableProps, type TableRef } from 'antd';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Device } from '@/api/device/types';
import { ResponsiveCards } from '@/components/responsive-table';
import { useDeviceLinks } from '@/lib/device-links';
import { useIsPhone } from '@/lib/use-is-phone';
import type { OptionalColumn } from '../lib/device-columns';
import { formatTime, simProviderName } from '../lib/device-display';
import type { DeviceKeyName } from '../lib/permissions';
import { DeviceRowActions, rowActionsWidth, type DeviceAction } from './device-row-actions';
import { BatteryBar, OnlineTags, stateColumnWidth, TaskCell, VersionTags } from './device-state';

interface Props {
  devices: Device[];
  height: number;
  loading: boolean;
  keys: Record<DeviceKeyName, boolean>;
  /** The optional columns to show (the picker's choice). */
  shown: readonly OptionalColumn[];
  onAction(action: DeviceAction, device: Device): void;
  onScroll: TableProps<Device>['onScroll'];
  tableRef?: Ref<TableRef>;
  footer?: React.ReactNode;
  empty?: React.ReactNode;
}

type Columns = NonNullable<TableProps<Device>['columns']>;

function useColumns(keys: Props['keys'], onAction: Props['onAction'], shown: Props['shown']): Columns {
  const { t } = useTranslation();
  const infoPath = useDeviceLinks().deviceInfo;
  return useMemo<Columns>(() => {
    const columns: Columns = [
      {
        key: 'device',
        title: t('device.columns.device'),
        width: 230,
        fixed: 'start',
        render: (_, d) => (
          <div className="cf-devices__device">
            <span className="cf-devices__avatar">{d.typeUrl ? <img src={d.typeUrl} alt="" loading="lazy" /> : <RobotOutlined />}</span>
            <span className="cf-devices__two-lines">
              {infoPath ? (
                <Link
                  to={infoPath(d.deviceId)}
                  className="cf-devices__ellipsis cf-devices__name"
                  title={t('device.columns.openInfo', { name: d.deviceCode })}
                  data-testid="device-name"
                >
                  {d.deviceCode}
                </Link>
              ) : (
                <span className="cf-devices__ellipsis cf-devices__name" title={d.deviceCode} data-testid="device-name">
                  {d.deviceCode}
                </span>
              )}
              <span className="cf-devices__muted cf-devices__serial" data-testid="device-serial">
                {d.deviceSerialNumber}
              </span>
            </span>
          </div>
        ),
      },
      { key: 'model', title: t('device.columns.model'), width: 140, ellipsis: true, dataIndex: 'typeName' },
      {
        key: 'owner',
        title: t('device.columns.owner'),
        width: 170,
        render: (_, d) => (
          <span className="cf-devices__two-lines">
            <span className="cf-devices__ellipsis" title={d.userName} data-testid="device-owner">
              {d.userName || d.account}
            </span>
            <span className="cf-devices__ellipsis cf-devices__muted">{d.account}</span>
          </span>
        ),
      },
      { key: 'state', title: t('device.columns.state'), width: stateColumnWidth(t), render: (_, d) => <OnlineTags device={d} /> },
      { key: 'battery', title: t('device.columns.battery'), width: 130, render: (_, d) => <BatteryBar battery={d.battery} /> },
      { key: 'task', title: t('device.columns.task'), width: 210, render: (_, d) => <TaskCell device={d} /> },
      { key: 'map', title: t('device.columns.map'), width: 130, ellipsis: true, render: (_, d) => d.map || '—' },
      { key: 'versions', title: t('device.columns.versions'), width: 290, render: (_, d) => <VersionTags device={d} /> },
      {
        key: 'sim',
        title: t('device.columns.sim'),
        width: 190,
        render: (_, d) => (
          <span className="cf-devices__two-lines">
            <span className="cf-devices__ellipsis">{d.simNo || '—'}</span>
            <span className="cf-devices__ellipsis cf-devices__muted">{simProviderName(d.simSupport, t)}</span>
          </span>
        ),
      },
      { key: 'rack', title: t('device.columns.rack'), width: 110, ellipsis: true, render: (_, d) => d.rackNumber || '—' },
      {
        key: 'heartbeat',
        title: t('device.columns.heartbeat'),
        width: 170,
        render: (_, d) => formatTime(d.heartbeatTime) || '—',
      },
    ];
    const visible = columns.filter((column) => column.key === 'device' || shown.includes(column.key as OptionalColumn));
    const anyAction = (['edit', 'editOwner', 'bindUser', 'hardware', 'consumable', 'maintain', 'delete'] as const).some((k) => keys[k]);
    if (anyAction) {
      visible.push({
        key: 'actions',
        title: t('device.columns.actions'),
        width: rowActionsWidth(t),
        fixed: 'end',
        render: (_, d) => <DeviceRowActions device={d} keys={keys} onAction={onAction} />,
      });
    }
    return visible;
  }, [t, keys, onAction, shown, infoPath]);
}

/**
 * The device list: a virtual table, so ten thousand loaded rows scroll as smoothly as thirty. On a phone the same
 * columns are cards (the device on top, its chosen facts below, its actions at the bottom) in a box of the same
 * height that loads more as it scrolls.
 */
export function DeviceTable({ devices, height, loading, keys, shown, onAction, onScroll, tableRef, footer, empty }: Props) {
  const columns = useColumns(keys, onAction, shown);
  const phone = useIsPhone();
  if (phone) {
    return (
      <div className="cf-devices__cards" onScroll={onScroll} data-testid="device-table">
        <ResponsiveCards<Device> rowKey="deviceId" columns={columns} dataSource={devices} loading={loading} cardTitleKey="device" cardTestId="device-card" locale={{ emptyText: empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }} />
        {footer}
      </div>
    );
  }
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
  return (
    <Table<Device>
      ref={tableRef}
      className="cf-devices__table"
      virtual
      size="middle"
      rowKey="deviceId"
      columns={columns}
      dataSource={devices}
      pagination={false}
      loading={loading}
      scroll={{ x: width, y: Math.max(height, 200) }}
      onScroll={onScroll}
      footer={footer ? () => footer : undefined}
      locale={{ emptyText: empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      data-testid="device-table"
    />
  );
}
