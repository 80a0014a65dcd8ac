import { CheckOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Incident } from '@/api/incident/incidents';
import { ResponsiveTable } from '@/components/responsive-table';
import { alarmText } from '@/lib/alarm-text';
import { formatTime } from '@/lib/format';
import { tableWidth } from '@/lib/table-width';
import { actionsColumnWidth } from '@/lib/text-width';
import { useCan } from '@/lib/use-can';
import { useFixedActions } from '@/lib/use-fixed-actions';
import { useNow } from '@/lib/use-now';
import { durationText, openSeconds } from '../lib/durations';
import { AcknowledgeButton } from './incident-actions';
import { StateTag, UrgencyTag } from './tags';

const ACK_KEY = 'incident/index/ack';

interface Props {
  incidents: Incident[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  filtered: boolean;
  onPage: (page: number) => void;
  onOpen: (incident: Incident) => void;
}

/** The incidents with their robot, alarm, state, urgency and how long they have been open; a row opens its detail. */
export function IncidentTable({ incidents, total, page, pageSize, loading, filtered, onPage, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const now = useNow(30_000);
  const fixedActions = useFixedActions();
  const columns: ColumnsType<Incident> = [
    {
      title: t('incident.columns.incident'),
      key: 'incident',
      width: 110,
      render: (_, r) => (
        <Button type="link" size="small" className="cf-incident-id" onClick={() => onOpen(r)} data-testid={`open-incident-${r.incidentId}`}>
          #{r.incidentId}
        </Button>
      ),
    },
    {
      title: t('incident.columns.robot'),
      key: 'robot',
      width: 190,
      ellipsis: true,
      render: (_, r) => (
        <div>
          <bdi>{r.deviceName || r.deviceSerialNumber}</bdi>
          {r.deviceName ? (
            <div>
              <Typography.Text type="secondary">
                <bdi>{r.deviceSerialNumber}</bdi>
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: t('incident.columns.alarm'),
      key: 'alarm',
      width: 220,
      render: (_, r) => <bdi>{alarmText(t, { key: r.code, code: r.alarmCode, content: r.code }, (key) => i18n.exists(key))}</bdi>,
    },
    { title: t('incident.columns.state'), key: 'state', width: 130, render: (_, r) => <StateTag state={r.state} /> },
    { title: t('incident.columns.urgency'), key: 'urgency', width: 100, render: (_, r) => <UrgencyTag urgency={r.urgency} /> },
    { title: t('incident.columns.opened'), key: 'opened', width: 170, render: (_, r) => <bdi>{formatTime(r.openedAt)}</bdi> },
    {
      title: t('incident.columns.timeOpen'),
      key: 'timeOpen',
      width: 110,
      align: 'end',
      render: (_, r) => <bdi data-testid={`time-open-${r.incidentId}`}>{durationText(openSeconds(r.openedAt, r.endedAt, now))}</bdi>,
    },
    { title: t('incident.columns.branch'), dataIndex: 'ownerName', key: 'branch', width: 140, ellipsis: true },
    { title: t('incident.columns.site'), key: 'site', width: 140, ellipsis: true, render: (_, r) => r.siteName ?? '—' },
    { title: t('incident.columns.alarms'), dataIndex: 'alarmCount', key: 'alarms', width: 80, align: 'end' },
  ];
  const labels = [t('incident.list.details'), ...(can(ACK_KEY) ? [t('incident.actions.acknowledge')] : [])];
  columns.push({
    title: t('incident.columns.actions'),
    key: 'actions',
    fixed: fixedActions,
    width: actionsColumnWidth(labels, labels.length, 120),
    render: (_, r) => (
      <Space size={4} wrap>
        <Button size="small" type="link" icon={<ProfileOutlined />} onClick={() => onOpen(r)} data-testid={`incident-detail-${r.incidentId}`}>
          {t('incident.list.details')}
        </Button>
        {r.state === 'open' && can(ACK_KEY) ? (
          <AcknowledgeButton incidentId={r.incidentId} size="small" type="link" icon={<CheckOutlined />} testId={`ack-incident-${r.incidentId}`} />
        ) : null}
      </Space>
    ),
  });
  return (
    <ResponsiveTable<Incident>
      rowKey="incidentId"
      columns={columns}
      dataSource={incidents}
      loading={loading}
      // an empty table scrolls nothing: no region a keyboard could not reach (axe: scrollable-region-focusable)
      scroll={incidents.length ? { x: tableWidth(columns) } : undefined}
      locale={{ emptyText: filtered ? t('incident.list.noMatch') : t('incident.list.empty') }}
      cardTestId="incident-card"
      data-testid="incident-table"
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        onChange: onPage,
        showTotal: (count) => t('incident.list.total', { count }),
      }}
    />
  );
}
