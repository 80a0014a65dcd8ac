import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateTimeLines } from '@/components/date-time-lines';
import { useDeleteReport, type Report } from '../api/reports';
import { areaText, coverageText, durationText, efficiencyText, timeText } from '../lib/units';

/**
 * Column widths (issue 30): the list with its actions fits a 1440 px screen with the menu open (about 1180 px
 * for the table), so the pinned actions column covers no figure; narrower, the table scrolls. Long names are
 * cut with their whole text in a tooltip, the start is date over time, the actions are icons named for
 * screen readers.
 */
export const WIDTHS = {
  device: 150, task: 160, map: 110, start: 96, duration: 90, cleaned: 110, coverage: 84, efficiency: 110,
  alarms: 64, result: 104, actions: 80,
} as const;
const CUT = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** A run's report as table columns, device to result; the task's name opens the report (`onOpen`). */
export function reportColumns(t: TFunction, onOpen: (report: Report) => void): ColumnsType<Report> {
  return [
  {
    title: t('report.columns.device'),
    key: 'device',
    width: WIDTHS.device,
    render: (_, r) => (
      <div title={`${r.deviceName} ${r.deviceSerialNumber}`}>
        <strong style={CUT}>{r.deviceName}</strong>
        <div style={CUT}>{r.deviceSerialNumber}</div>
      </div>
    ),
  },
  {
    title: t('report.columns.task'),
    key: 'task',
    width: WIDTHS.task,
    render: (_, r) => (
      <div>
        <Button type="link" size="small" onClick={() => onOpen(r)} title={r.taskName} style={{ maxWidth: '100%', paddingInline: 0 }} data-testid={`report-open-${r.taskName}`}>
          <span style={CUT}>{r.taskName}</span>
        </Button>
        {r.manual ? (
          <div>
            <Tag>{t('report.detail.manual')}</Tag>
          </div>
        ) : null}
      </div>
    ),
  },
  { title: t('report.columns.map'), dataIndex: 'mapName', width: WIDTHS.map, ellipsis: true },
  { title: t('report.columns.start'), key: 'start', width: WIDTHS.start, render: (_, r) => <DateTimeLines text={timeText(r.startTime)} /> },
  { title: t('report.columns.duration'), key: 'duration', width: WIDTHS.duration, render: (_, r) => durationText(r.durationS) },
  { title: t('report.columns.cleaned'), key: 'cleaned', width: WIDTHS.cleaned, render: (_, r) => <bdi>{areaText(r.cleanedArea)}</bdi> },
  { title: t('report.columns.coverage'), key: 'coverage', width: WIDTHS.coverage, render: (_, r) => coverageText(r.coverage) },
  { title: t('report.columns.efficiency'), key: 'efficiency', width: WIDTHS.efficiency, render: (_, r) => <bdi>{efficiencyText(r.efficiency)}</bdi> },
  { title: t('report.columns.alarms'), dataIndex: 'alarmCount', width: WIDTHS.alarms },
  {
    title: t('report.columns.result'),
    key: 'result',
    width: WIDTHS.result,
    render: (_, r) => <Tag color={r.result === 'finished' ? 'green' : 'orange'}>{t(`report.results.${r.result}`, { defaultValue: r.result })}</Tag>,
  },
  ];
}

interface RowActionsProps {
  report: Report;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (report: Report) => void;
}

/** A report's edit and delete icons (named for screen readers); delete asks first and says how many went. */
export function ReportRowActions({ report: r, canEdit, canDelete, onEdit }: RowActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteReport();
  return (
    <Space size={4}>
      {canEdit ? (
        <Tooltip title={t('report.edit.button')}>
          <Button size="small" type="link" icon={<EditOutlined />} aria-label={t('report.edit.button')} onClick={() => onEdit(r)} data-testid={`report-edit-${r.taskName}`} />
        </Tooltip>
      ) : null}
      {canDelete ? (
        <Popconfirm
          title={t('report.remove.confirm', { task: r.taskName })}
          okButtonProps={{ danger: true }}
          okText={t('report.remove.button')}
          onConfirm={() =>
            remove
              .mutateAsync({ taskReportId: r.taskReportId })
              .then((done) => void message.success(t('report.remove.done', { count: done.deleted })))
              .catch(() => undefined)
          }
        >
          <Tooltip title={t('report.remove.button')}>
            <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={t('report.remove.button')} data-testid={`report-delete-${r.taskName}`} />
          </Tooltip>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
