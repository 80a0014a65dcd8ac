import { Col, Row } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/charts/chart-card';
import { EChart } from '@/components/charts/echart';
import { ResponsiveTable } from '@/components/responsive-table';
import type { DayFigures, RobotFigures, SeverityFigures, SiteAvailability } from '../api/availability';
import { dayLine, hoursText, LOST_CAUSES, minutesText, percentText, robotBars, severityBars, SEVERITIES } from '../lib/availability';

/** The charts a person would rather look at: per robot, per day, and the incidents' mean times by severity; each
 * card also shows its numbers as a table. */
export function AvailabilityCharts({ found }: { found: SiteAvailability }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const name = t('site.availability.availability');
  const severityNames = Object.fromEntries(SEVERITIES.map((s) => [s, t(`site.availability.severity.${s}`)]));
  const robotColumns: ColumnsType<RobotFigures> = [
    { title: t('site.availability.robot'), dataIndex: 'deviceCode', key: 'robot' },
    { title: name, key: 'availability', align: 'end', render: (_, r) => percentText(r.availability, lng) },
    { title: t('site.availability.scheduled'), key: 'scheduled', align: 'end', render: (_, r) => hoursText(r.scheduledSeconds, lng) },
    { title: t('site.availability.available'), key: 'available', align: 'end', render: (_, r) => hoursText(r.availableSeconds, lng) },
    ...LOST_CAUSES.map((cause) => ({
      title: t(`site.availability.lost.${cause}`),
      key: cause,
      align: 'end' as const,
      render: (_: unknown, r: RobotFigures) => hoursText(r.lost[cause], lng),
    })),
  ];
  const dayColumns: ColumnsType<DayFigures> = [
    { title: t('site.availability.day'), dataIndex: 'day', key: 'day' },
    { title: name, key: 'availability', align: 'end', render: (_, d) => percentText(d.availability, lng) },
    { title: t('site.availability.scheduled'), key: 'scheduled', align: 'end', render: (_, d) => hoursText(d.scheduledSeconds, lng) },
  ];
  const severityColumns: ColumnsType<SeverityFigures> = [
    { title: t('site.availability.severityTitle'), key: 'severity', render: (_, s) => severityNames[s.severity] },
    { title: t('site.availability.incidents'), dataIndex: 'count', key: 'count', align: 'end' },
    { title: t('site.availability.mtta'), key: 'mtta', align: 'end', render: (_, s) => minutesText(s.mttaSeconds, lng) },
    { title: t('site.availability.mttr'), key: 'mttr', align: 'end', render: (_, s) => minutesText(s.mttrSeconds, lng) },
  ];
  const byRobot = t('site.availability.byRobot');
  const byDay = t('site.availability.byDay');
  const bySeverity = t('site.availability.bySeverity');
  const series = { mtta: t('site.availability.mtta'), mttr: t('site.availability.mttr') };
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={12}>
        <ChartCard
          title={byRobot}
          testId="availability-robots"
          chart={<EChart option={robotBars(found.robots, found.targets.availability, name)} height={Math.max(200, found.robots.length * 28 + 60)} label={byRobot} />}
          table={<ResponsiveTable<RobotFigures> size="small" rowKey="deviceId" columns={robotColumns} dataSource={found.robots} pagination={false} scroll={{ x: 'max-content' }} data-testid="availability-robots-table" />}
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={byDay}
          testId="availability-days"
          chart={<EChart option={dayLine(found.days, (day) => day.slice(5), name)} height={260} label={byDay} />}
          table={<ResponsiveTable<DayFigures> size="small" rowKey="day" columns={dayColumns} dataSource={found.days} pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />}
        />
      </Col>
      <Col xs={24}>
        <ChartCard
          title={bySeverity}
          testId="availability-severity"
          chart={<EChart option={severityBars(found.current.incidents, severityNames, series)} height={260} label={bySeverity} />}
          table={<ResponsiveTable<SeverityFigures> size="small" rowKey="severity" columns={severityColumns} dataSource={found.current.incidents} pagination={false} scroll={{ x: 'max-content' }} data-testid="availability-severity-table" />}
        />
      </Col>
    </Row>
  );
}
