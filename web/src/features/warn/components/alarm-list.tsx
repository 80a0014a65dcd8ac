import { DeleteOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerPicker } from '@/components/owner-picker';
import { LoadFailed } from '@/components/query-state';
import { alarmText, levelColor } from '@/lib/alarm-text';
import { dayBounds } from '@/lib/day-range';
import { useCan } from '@/lib/use-can';
import { useDeleteAlarms } from '../api/change-alarm';
import { useAlarms, type Alarm, type AlarmFilter } from '../api/get-alarms';
import { ALARM_KEYS, STATE_COLORS } from '../lib/alarm-names';
import { useReloadOnAlarms } from '../lib/use-reload-on-alarms';
import { AlarmDetail } from './alarm-detail';
import { ResolveDialog } from './resolve-dialog';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const PAGE_SIZE = 20;
type Filters = Omit<AlarmFilter, 'pageSize' | 'currentPage'>;

interface Props {
  /** The page whose resolve and delete buttons the user must hold (warn/index/warn or device/warn). */
  page: string;
  /** One device's alarms (the device alarm page). */
  deviceId?: number;
  ownerFilter?: boolean;
}

/** The alarms with filters (name, type, level, state, dates, owner), detail, resolve and delete. */
export function AlarmList({ page, deviceId, ownerFilter = true }: Props) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [draft, setDraft] = useState<Filters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [currentPage, setCurrentPage] = useState(1);
  const [detail, setDetail] = useState<Alarm | null>(null);
  const [resolving, setResolving] = useState<Alarm | null>(null);
  const alarms = useAlarms({ ...filters, deviceId, currentPage, pageSize: PAGE_SIZE });
  const remove = useDeleteAlarms();
  const text = (alarm: Alarm) => alarmText(t, alarm, (key) => i18n.exists(key));
  useReloadOnAlarms();

  const search = () => {
    setFilters({
      ...draft,
      ...dayBounds(range),
    });
    setCurrentPage(1);
  };
  const reset = () => {
    setDraft({});
    setRange(null);
    setFilters({});
    setCurrentPage(1);
  };
  const set = (patch: Filters) => setDraft((d) => ({ ...d, ...patch }));

  const columns: ColumnsType<Alarm> = [
    {
      title: t('warn.columns.level'),
      key: 'level',
      width: 110,
      render: (_, a) => (
        <Space size={4} wrap>
          <Tag color={levelColor(a.level)} bordered={false}>
            {t(`monitor.alarm.levels.${String(a.level) as '1'}`)}
          </Tag>
          {a.type === 'reminder' ? <Tag>{t('warn.types.reminder')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('warn.columns.device'),
      key: 'device',
      render: (_, a) => (
        <div>
          <div>{a.deviceName}</div>
          <Typography.Text type="secondary">
            <bdi>{a.deviceSerialNumber}</bdi>
          </Typography.Text>
        </div>
      ),
    },
    { title: t('warn.columns.code'), dataIndex: 'code', width: 90, render: (code: string) => code || '—' },
    { title: t('warn.columns.content'), key: 'content', render: (_, a) => <bdi data-testid="alarm-text">{text(a)}</bdi> },
    { title: t('warn.columns.time'), dataIndex: 'time', width: 170, render: (time: string) => <bdi>{dayjs(time).format(TIME)}</bdi> },
    {
      title: t('warn.columns.state'),
      key: 'state',
      width: 200,
      render: (_, a) => (
        <div data-testid={`alarm-state-${a.warnId}`}>
          <Tag color={STATE_COLORS[a.state]} bordered={false}>
            {t(`warn.states.${a.state as 'resolved'}`)}
          </Tag>
          {a.state === 'resolved' && a.resolvedBy ? (
            <Typography.Text type="secondary">
              {a.resolution ? t(`warn.resolutions.${a.resolution as 'release'}`) : ''} · {a.resolvedBy}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: t('warn.columns.actions'),
      key: 'actions',
      width: 220,
      render: (_, a) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetail(a)}>
            {t('warn.actions.detail')}
          </Button>
          {a.state !== 'resolved' && can(`${page}/resolve`) ? (
            <Button type="link" size="small" onClick={() => setResolving(a)} data-testid={`resolve-${a.warnId}`}>
              {t('warn.actions.resolve')}
            </Button>
          ) : null}
          {can(`${page}/delete`) ? (
            <Popconfirm
              title={t('warn.delete.confirm')}
              okText={t('warn.actions.delete')}
              cancelText={t('warn.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove
                  .mutateAsync({ warnId: a.warnId })
                  .then(() => void message.success(t('warn.delete.done')))
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`delete-${a.warnId}`}>
                {t('warn.actions.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {ownerFilter ? (
          <OwnerPicker value={draft.userId ?? null} onChange={(userId) => set({ userId: userId ?? undefined })} placeholder={t('warn.filters.owner')} style={{ minWidth: 200 }} />
        ) : null}
        {deviceId === undefined ? (
          <Input allowClear placeholder={t('warn.filters.serial')} value={draft.deviceSerialNumber ?? ''} onChange={(e) => set({ deviceSerialNumber: e.target.value.trim() || undefined })} onPressEnter={search} style={{ width: 170 }} />
        ) : null}
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('warn.filters.alarm')}
          aria-label={t('warn.filters.alarm')}
          value={draft.key ?? undefined}
          onChange={(key?: string) => set({ key })}
          options={ALARM_KEYS.map((key) => ({ value: key, label: t(`monitor.alarm.keys.${key}`) }))}
          style={{ width: 220 }}
          data-testid="filter-alarm"
        />
        <Select
          allowClear
          placeholder={t('warn.filters.type')}
          aria-label={t('warn.filters.type')}
          value={draft.type ?? undefined}
          onChange={(type?: 'alarm' | 'reminder') => set({ type })}
          options={(['alarm', 'reminder'] as const).map((value) => ({ value, label: t(`warn.types.${value}`) }))}
          style={{ width: 110 }}
        />
        <Select
          allowClear
          placeholder={t('warn.filters.level')}
          aria-label={t('warn.filters.level')}
          value={draft.level ?? undefined}
          onChange={(level?: number) => set({ level })}
          options={[3, 2, 1].map((value) => ({ value, label: t(`monitor.alarm.levels.${String(value) as '1'}`) }))}
          style={{ width: 110 }}
        />
        <Select
          allowClear
          placeholder={t('warn.filters.state')}
          aria-label={t('warn.filters.state')}
          value={draft.state ?? undefined}
          onChange={(state?: 'unknown' | 'unresolved' | 'resolved') => set({ state })}
          options={(['unresolved', 'resolved', 'unknown'] as const).map((value) => ({ value, label: t(`warn.states.${value}`) }))}
          style={{ width: 130 }}
          data-testid="filter-state"
        />
        <DatePicker.RangePicker value={range} onChange={(value) => setRange(value)} disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} />
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="alarm-search">
          {t('warn.filters.search')}
        </Button>
        <Button onClick={reset}>{t('warn.filters.reset')}</Button>
      </Space>
      {alarms.isError && !alarms.data ? (
        <LoadFailed title={t('warn.loadFailed')} onRetry={alarms.refetch} retryText={t('warn.retry')} />
      ) : (
        <Table<Alarm>
          rowKey="warnId"
          size="small"
          data-testid="alarm-table"
          columns={columns}
          dataSource={alarms.data?.list ?? []}
          loading={alarms.isPending || (alarms.isFetching && alarms.isPlaceholderData)}
          locale={{ emptyText: t('warn.empty') }}
          scroll={{ x: 1000 }}
          pagination={{
            current: currentPage,
            pageSize: PAGE_SIZE,
            total: alarms.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('warn.total', { count: total }),
            onChange: setCurrentPage,
          }}
        />
      )}
      {detail ? <AlarmDetail alarm={detail} text={text(detail)} onClose={() => setDetail(null)} /> : null}
      {resolving ? <ResolveDialog alarm={resolving} text={text(resolving)} onClose={() => setResolving(null)} /> : null}
    </>
  );
}
