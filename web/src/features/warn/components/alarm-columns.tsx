import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { levelColor } from '@/lib/alarm-text';
import { useCan } from '@/lib/use-can';
import { useDeleteAlarms } from '../api/alarms';
import type { Alarm } from '../api/alarms';
import { STATE_COLORS } from '../lib/alarm-names';

const TIME = 'YYYY-MM-DD HH:mm:ss';

interface Options {
  /** The page whose resolve and delete buttons the user must hold. */
  page: string;
  text(alarm: Alarm): string;
  onDetail(alarm: Alarm): void;
  onResolve(alarm: Alarm): void;
}

/** The alarm list's columns: the table's on a desktop and, drawn by the same functions, a phone's cards. */
export function useAlarmColumns({ page, text, onDetail, onResolve }: Options): ColumnsType<Alarm> {
  const { t } = useTranslation();
  return [
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
    { title: t('warn.columns.state'), key: 'state', width: 200, render: (_, a) => <AlarmState alarm={a} /> },
    {
      title: t('warn.columns.actions'),
      key: 'actions',
      width: 220,
      render: (_, a) => <AlarmActions alarm={a} page={page} onDetail={onDetail} onResolve={onResolve} />,
    },
  ];
}

function AlarmState({ alarm: a }: { alarm: Alarm }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Detail, resolve (the page's key) and delete (asked first) of one alarm. */
function AlarmActions({ alarm: a, page, onDetail, onResolve }: { alarm: Alarm } & Omit<Options, 'text'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const remove = useDeleteAlarms();
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => onDetail(a)}>
        {t('warn.actions.detail')}
      </Button>
      {a.state !== 'resolved' && can(`${page}/resolve`) ? (
        <Button type="link" size="small" onClick={() => onResolve(a)} data-testid={`resolve-${a.warnId}`}>
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
  );
}
