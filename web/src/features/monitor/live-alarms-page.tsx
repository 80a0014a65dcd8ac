import { App, Button, Card, Input, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmText, levelColor } from '@/lib/alarm-text';
import { useLiveEvent } from '@/lib/live/connection';
import { hasPermission, useSessionStore } from '@/lib/session';
import { OwnerPicker } from '@/components/owner-picker';
import { useOpenAlarms, type OpenAlarm } from './api/get-open-alarms';
import { monitorKeys } from './api/keys';
import { useResolveDevice } from './api/resolve-device';
import { useThrottled } from './lib/use-throttled';
import './live-alarms-page.css';
import { LoadFailed } from '@/components/query-state';

const RESOLVE_KEY = 'index/realWarn/resolve';
const RELOAD_MS = 1_000;
const NEW_FOR_MS = 15_000;
const TIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * Live alarms (index/realWarn): the subtree's unresolved alarms, newest first, reloaded as the
 * socket reports new, cleared and resolved ones; "resolve" marks all of a device's open alarms.
 */
export default function LiveAlarmsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const user = useSessionStore((s) => s.user);
  const canResolve = hasPermission(user, RESOLVE_KEY);
  const canPickOwner = hasPermission(user, 'device/index');
  const [serial, setSerial] = useState('');
  const [filter, setFilter] = useState<{ userId?: number; deviceSerialNumber?: string }>({});
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 30 });
  const alarms = useOpenAlarms({ ...filter, ...paging });
  const resolve = useResolveDevice();
  const arrived = useRef(new Map<number, number>());

  const reload = useThrottled(() => void queryClient.invalidateQueries({ queryKey: monitorKeys.openAlarms() }), RELOAD_MS);
  useLiveEvent('alarms', (items) => {
    const now = Date.now();
    for (const item of items) if (item.action === 'raise' && item.warnId) arrived.current.set(item.warnId, now);
    reload();
  });
  useLiveEvent('resync', reload);

  const confirmResolve = (row: OpenAlarm) => {
    const device = row.deviceName || row.deviceSerialNumber;
    resolve.mutate(row.deviceSerialNumber, {
      onSuccess: (answer) => void message.success(t('monitor.realWarn.resolved', { device, count: answer.resolved })),
    });
  };

  const columns: ColumnsType<OpenAlarm> = [
    {
      title: t('monitor.realWarn.level'),
      key: 'level',
      width: 130,
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={levelColor(row.level)} bordered={false}>
            {i18n.exists(`monitor.alarm.levels.${row.level}`) ? t(`monitor.alarm.levels.${String(row.level) as '1'}`) : row.level}
          </Tag>
          {Date.now() - (arrived.current.get(row.warnId) ?? 0) < NEW_FOR_MS && (
            <Tag color="magenta" data-testid="alarm-new">
              {t('monitor.realWarn.newAlarm')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('monitor.realWarn.device'),
      key: 'device',
      render: (_, row) => (
        <div>
          <div>{row.deviceName}</div>
          <Typography.Text type="secondary">
            <bdi>{row.deviceSerialNumber}</bdi>
          </Typography.Text>
        </div>
      ),
    },
    { title: t('monitor.realWarn.code'), dataIndex: 'code', width: 90, render: (code: string) => code || '–' },
    {
      title: t('monitor.realWarn.content'),
      key: 'content',
      render: (_, row) => (
        <Tooltip title={row.content}>
          <bdi data-testid="alarm-content">{alarmText(t, row, (key) => i18n.exists(key))}</bdi>
        </Tooltip>
      ),
    },
    {
      title: t('monitor.realWarn.time'),
      dataIndex: 'time',
      width: 170,
      render: (time: string) => <bdi>{dayjs(time).format(TIME)}</bdi>,
    },
    {
      title: t('monitor.realWarn.state'),
      key: 'state',
      width: 190,
      render: (_, row) =>
        row.clearedAt ? (
          <Typography.Text type="secondary">
            {t('monitor.realWarn.cleared', { time: dayjs(row.clearedAt).format(TIME) })}
          </Typography.Text>
        ) : (
          <Tag color="red" bordered={false}>
            {t('monitor.realWarn.standing')}
          </Tag>
        ),
    },
    ...(canResolve
      ? [
          {
            title: t('monitor.realWarn.actions'),
            key: 'actions',
            width: 150,
            render: (_: unknown, row: OpenAlarm) => (
              <Popconfirm
                title={t('monitor.realWarn.resolveTitle', { device: row.deviceName || row.deviceSerialNumber })}
                description={t('monitor.realWarn.resolveContent')}
                okText={t('monitor.realWarn.resolveOk')}
                onConfirm={() => confirmResolve(row)}
              >
                <Button type="link" size="small" loading={resolve.isPending && resolve.variables === row.deviceSerialNumber}>
                  {t('monitor.realWarn.resolve')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  const search = () => {
    setFilter((current) => ({ ...current, deviceSerialNumber: serial.trim() || undefined }));
    setPaging((current) => ({ ...current, currentPage: 1 }));
  };

  return (
    <Card
      title={t('routes.index/realWarn')}
      extra={alarms.data ? <span data-testid="open-alarm-total">{t('monitor.realWarn.total', { count: alarms.data.total })}</span> : null}
      className="cf-live-alarms"
    >
      <Space wrap className="cf-live-alarms__filters">
        {canPickOwner && (
          <OwnerPicker
            value={filter.userId ?? null}
            onChange={(userId) => {
              setFilter((current) => ({ ...current, userId: userId ?? undefined }));
              setPaging((current) => ({ ...current, currentPage: 1 }));
            }}
            placeholder={t('monitor.filters.owner')}
            style={{ minWidth: 220 }}
            aria-label={t('monitor.filters.owner')}
          />
        )}
        <Input
          allowClear
          value={serial}
          onChange={(event) => setSerial(event.target.value)}
          onPressEnter={search}
          placeholder={t('monitor.realWarn.serialPlaceholder')}
          aria-label={t('monitor.realWarn.serialPlaceholder')}
          style={{ width: 200 }}
        />
        <Button type="primary" onClick={search}>
          {t('monitor.realWarn.search')}
        </Button>
        <Button
          onClick={() => {
            setSerial('');
            setFilter({});
            setPaging((current) => ({ ...current, currentPage: 1 }));
          }}
        >
          {t('monitor.realWarn.reset')}
        </Button>
      </Space>
      {alarms.isError && !alarms.data ? (
        <LoadFailed title={t('monitor.realWarn.loadFailed')} onRetry={alarms.refetch} retryText={t('monitor.robots.retry')} />
      ) : (
        <div data-testid="live-alarms">
          <Table<OpenAlarm>
            rowKey="warnId"
            size="small"
            columns={columns}
            dataSource={alarms.data?.list ?? []}
            loading={alarms.isPending}
            locale={{ emptyText: t('monitor.realWarn.empty') }}
            scroll={{ x: 900 }}
            pagination={{
              current: paging.currentPage,
              pageSize: paging.pageSize,
              total: alarms.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (currentPage, pageSize) => setPaging({ currentPage, pageSize }),
            }}
          />
        </div>
      )}
    </Card>
  );
}
