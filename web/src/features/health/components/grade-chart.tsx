import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRADES, type HealthPage } from '@/api/robothealth/health';
import { ChartCard } from '@/components/charts/chart-card';
import { simpleBars } from '@/components/charts/chart-options';
import { EChart } from '@/components/charts/echart';
import { GradeTag } from '@/components/health-reasons';

/** The branch's robots per grade, as bars or as a table. */
export function GradeChart({ counts }: { counts: HealthPage['counts'] }) {
  const { t } = useTranslation();
  const rows = GRADES.map((grade) => ({ grade, label: t(`health.grades.${grade}`), value: counts[grade] }));
  return (
    <ChartCard
      title={t('health.page.byGrade')}
      testId="health-grades"
      chart={<EChart option={simpleBars(rows, t('health.page.robots'))} height={240} label={t('health.page.byGrade')} testId="health-grades-chart" />}
      table={
        <Table
          size="small"
          rowKey="grade"
          pagination={false}
          dataSource={rows}
          data-testid="health-grades-table"
          columns={[
            { title: t('health.columns.grade'), key: 'grade', render: (_, row) => <GradeTag grade={row.grade} /> },
            { title: t('health.page.robots'), dataIndex: 'value', key: 'value', align: 'end' },
          ]}
        />
      }
    />
  );
}
