import { Descriptions, Drawer, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useChildTasks, useReportDetail, type Report } from '../api/reports';
import { areaText, coverageText, durationText, efficiencyText, timeText } from '../lib/units';
import { RunPath } from './run-path';

/** The run a detail opens: a list row, or only its id (a link: `?reportId=`), the rest read from its detail. */
export type ReportRef = Pick<Report, 'taskReportId'> & Partial<Pick<Report, 'taskName' | 'scheduleName' | 'gid'>>;

/** One run: its figures, alarms, the runs of its schedule, and its path over its map. */
export function ReportDetailDrawer({ report, onClose }: { report: ReportRef; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useReportDetail(report.taskReportId);
  const r = detail.data;
  const known = r ?? report;
  const grouped = Boolean(known.scheduleName);
  const children = useChildTasks(known.gid ?? 0, grouped && known.gid !== undefined);
  return (
    <Drawer open width={640} title={t('report.detail.title', { task: known.taskName ?? '' })} onClose={onClose} data-testid="report-detail">
      <QueryState query={detail}>
        {r ? (
          <>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('report.columns.device')}>{`${r.deviceName} (${r.deviceSerialNumber})`}</Descriptions.Item>
              <Descriptions.Item label={t('report.columns.map')}>{r.mapName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('report.columns.start')}>{timeText(r.startTime)}</Descriptions.Item>
              <Descriptions.Item label={t('report.columns.end')}>{timeText(r.endTime)}</Descriptions.Item>
              <Descriptions.Item label={t('report.columns.duration')}>{durationText(r.durationS)}</Descriptions.Item>
              <Descriptions.Item label={t('report.columns.result')}>
                {t(`report.results.${r.result}`, { defaultValue: r.result })}
                {r.reason ? ` · ${r.reason}` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('report.columns.planned')}><bdi>{areaText(r.workArea)}</bdi></Descriptions.Item>
              <Descriptions.Item label={t('report.columns.cleaned')}>
                <bdi data-testid="report-detail-cleaned">{areaText(r.cleanedArea)}</bdi>
              </Descriptions.Item>
              <Descriptions.Item label={t('report.columns.coverage')}>{coverageText(r.coverage)}</Descriptions.Item>
              <Descriptions.Item label={t('report.columns.efficiency')}><bdi>{efficiencyText(r.efficiency)}</bdi></Descriptions.Item>
              <Descriptions.Item label={t('report.columns.battery')}>{r.batteryUsed === null ? '—' : `${r.batteryUsed}%`}</Descriptions.Item>
              <Descriptions.Item label={t('report.detail.distance')}>{`${r.distanceM.toFixed(1)} m`}</Descriptions.Item>
              {r.scheduleName ? <Descriptions.Item label={t('report.detail.schedule')}>{r.scheduleName}</Descriptions.Item> : null}
              {r.remark ? <Descriptions.Item label={t('report.detail.remark')}>{r.remark}</Descriptions.Item> : null}
              <Descriptions.Item label={t('report.columns.alarms')} span={2}>
                {r.alarmCount === 0
                  ? t('report.detail.alarmsNone')
                  : Object.entries(r.alarmCounts).map(([key, count]) => <Tag key={key}>{`${key} × ${count}`}</Tag>)}
              </Descriptions.Item>
            </Descriptions>
            <h4 style={{ marginTop: 16 }}>{t('report.detail.path')}</h4>
            <RunPath deviceId={r.deviceId} mapName={r.mapName} path={r.path} />
            {grouped ? (
              <>
                <h4 style={{ marginTop: 16 }}>{t('report.detail.children')}</h4>
                <Table
                  size="small"
                  rowKey="taskReportId"
                  loading={children.isPending}
                  dataSource={children.data ?? []}
                  pagination={false}
                  locale={{ emptyText: <Empty /> }}
                  data-testid="report-children"
                  columns={[
                    { title: t('report.columns.task'), dataIndex: 'taskName' },
                    { title: t('report.columns.start'), key: 'start', render: (_, c) => timeText(c.startTime) },
                    { title: t('report.columns.cleaned'), key: 'cleaned', render: (_, c) => <bdi>{areaText(c.cleanedArea)}</bdi> },
                    { title: t('report.columns.coverage'), key: 'coverage', render: (_, c) => coverageText(c.coverage) },
                  ]}
                />
              </>
            ) : null}
          </>
        ) : null}
      </QueryState>
    </Drawer>
  );
}
