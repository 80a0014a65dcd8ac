import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Card, Segmented } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './charts.css';

type View = 'chart' | 'table';

interface ChartCardProps {
  title: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  extra?: ReactNode;
  testId?: string;
}

/** A card that shows its numbers as a chart or, at a click, as a table. */
export function ChartCard({ title, chart, table, extra, testId }: ChartCardProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('chart');
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        <span className="cf-chart-card__extra">
          {extra}
          <Segmented<View>
            size="small"
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', icon: <BarChartOutlined />, label: t('common.chartView') },
              { value: 'table', icon: <TableOutlined />, label: t('common.tableView') },
            ]}
          />
        </span>
      }
    >
      {view === 'chart' ? chart : table}
    </Card>
  );
}
