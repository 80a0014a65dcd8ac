import { CheckOutlined } from '@ant-design/icons';
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
  // what the page is for fits a 1,440 px screen with the menu open, in every language, without scrolling (issue 48
  // item 17): no pinned actions column (it hid "Time open", Branch, Site and Alarms); the number opens the detail,
  // an open incident's "Acknowledge" stands under its state, and the opening time under how long it has been open
  const ackLabel = t('incident.actions.acknowledge');
  const columns: ColumnsType<Incident> = [
    {
      title: t('incident.columns.incident'),
      key: 'incident',
      width: 80,
      render: (_, r) => (
        <Button type="link" size="small" className="cf-incident-id" onClick={() => onOpen(r)} data-testid={`open-incident-${r.incidentId}`}>
          #{r.incidentId}
        </Button>
      ),
    },
    {
      title: t('incident.columns.robot'),
      key: 'robot',
      width: 160,
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
      width: 180,
      render: (_, r) => <bdi>{alarmText(t, { key: r.code, code: r.alarmCode, content: r.code }, (key) => i18n.exists(key))}</bdi>,
    },
    {
      title: t('incident.columns.state'),
      key: 'state',
      // the state's tag, and under it the acknowledge button in the reader's language (text-width.ts)
      width: can(ACK_KEY) ? actionsColumnWidth([ackLabel], 1, 130) : 130,
      render: (_, r) => (
        <Space direction="vertical" size={4} align="start">
          <StateTag state={r.state} />
          {r.state === 'open' && can(ACK_KEY) ? (
            <AcknowledgeButton incidentId={r.incidentId} size="small" type="link" icon={<CheckOutlined />} testId={`ack-incident-${r.incidentId}`} />
          ) : null}
        </Space>
      ),
    },
    { title: t('incident.columns.urgency'), key: 'urgency', width: 100, render: (_, r) => <UrgencyTag urgency={r.urgency} /> },
    {
      title: t('incident.columns.timeOpen'),
      key: 'timeOpen',
      width: 130,
      align: 'end',
      render: (_, r) => (
        <div>
          <bdi data-testid={`time-open-${r.incidentId}`}>{durationText(openSeconds(r.openedAt, r.endedAt, now))}</bdi>
          <div>
            <Typography.Text type="secondary" title={t('incident.columns.opened')}>
              <bdi>{formatTime(r.openedAt)}</bdi>
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { title: t('incident.columns.branch'), dataIndex: 'ownerName', key: 'branch', width: 130, ellipsis: true },
    { title: t('incident.columns.site'), key: 'site', width: 130, ellipsis: true, render: (_, r) => r.siteName ?? '—' },
    { title: t('incident.columns.alarms'), dataIndex: 'alarmCount', key: 'alarms', width: 80, align: 'end' },
  ];
  return (
    <ResponsiveTable<Incident>
      rowKey="incidentId"
      size="middle"
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
