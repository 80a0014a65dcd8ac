import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmText, levelColor } from '@/lib/alarm-text';
import type { OpenAlarm } from '../api/open-alarms';

const NEW_FOR_MS = 15_000;
const TIME = 'YYYY-MM-DD HH:mm:ss';

interface Options {
  arrived: RefObject<Map<number, number>>;
  canResolve: boolean;
  /** The serial number whose alarms are being resolved, if any. */
  resolvingSerial: string | undefined;
  onResolve(row: OpenAlarm): void;
}

/** The live alarms' columns: the table's on a desktop and, drawn by the same functions, a phone's cards. */
export function useLiveAlarmColumns({ arrived, canResolve, resolvingSerial, onResolve }: Options): ColumnsType<OpenAlarm> {
  const { t, i18n } = useTranslation();
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
    { title: t('monitor.realWarn.time'), dataIndex: 'time', width: 170, render: (time: string) => <bdi>{dayjs(time).format(TIME)}</bdi> },
    {
      title: t('monitor.realWarn.state'),
      key: 'state',
      width: 190,
      render: (_, row) =>
        row.clearedAt ? (
          <Typography.Text type="secondary">{t('monitor.realWarn.cleared', { time: dayjs(row.clearedAt).format(TIME) })}</Typography.Text>
        ) : (
          <Tag color="red" bordered={false}>
            {t('monitor.realWarn.standing')}
          </Tag>
        ),
    },
  ];
  if (!canResolve) return columns;
  columns.push({
    title: t('monitor.realWarn.actions'),
    key: 'actions',
    width: 150,
    render: (_, row) => (
      <Popconfirm
        title={t('monitor.realWarn.resolveTitle', { device: row.deviceName || row.deviceSerialNumber })}
        description={t('monitor.realWarn.resolveContent')}
        okText={t('monitor.realWarn.resolveOk')}
        onConfirm={() => onResolve(row)}
      >
        <Button type="link" size="small" loading={resolvingSerial === row.deviceSerialNumber} data-testid={`live-resolve-${row.warnId}`}>
          {t('monitor.realWarn.resolve')}
        </Button>
      </Popconfirm>
    ),
  });
  return columns;
}
