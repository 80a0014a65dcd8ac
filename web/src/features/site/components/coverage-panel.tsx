import { Alert, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import type { SiteDetail } from '../api/sites';
import { useCoverage, type ItemService, type RobotSchedules } from '../api/schedules';
import { dayWeekdayName } from '../lib/clock';
import { PlanItemPlace } from './plan-columns';
import { RobotAnswers, ScheduleLine } from './schedule-parts';
import { SiteDayPicker } from './site-day-picker';
import { ServiceTag } from './state-tags';

/**
 * How the robots' schedules serve a day's plan: each item with the schedules that start in its window (a warning
 * tag on an item none serves), and which robots answered (one offline or silent is "unknown", with the reason).
 */
export function CoveragePanel({ site }: { site: SiteDetail }) {
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState<string | null>(null);
  const coverage = useCoverage(site.siteId, day);
  const data = coverage.data;
  const columns: ColumnsType<ItemService> = [
    { title: t('site.plan.floor'), key: 'place', render: (_, s) => <PlanItemPlace item={s.planItem} t={t} /> },
    {
      title: t('site.plan.window'),
      key: 'window',
      render: (_, s) => (
        <div>
          <bdi>{`${s.planItem.windowStart}–${s.planItem.windowEnd}`}</bdi>
          <div>
            <Typography.Text type="secondary">{t('site.coverage.runs', { count: s.planItem.runsPerDay })}</Typography.Text>
          </div>
        </div>
      ),
    },
    { title: t('site.coverage.service'), key: 'state', render: (_, s) => <ServiceTag state={s.state} /> },
    {
      title: t('site.coverage.schedules'),
      key: 'schedules',
      render: (_, s) =>
        s.schedules.length === 0 ? (
          <Typography.Text type="secondary">{t('site.coverage.noSchedule')}</Typography.Text>
        ) : (
          <Space orientation="vertical" size={2}>
            {s.schedules.map((schedule) => (
              <ScheduleLine key={`${schedule.deviceId}:${schedule.scheduleName}`} schedule={schedule} />
            ))}
          </Space>
        ),
    },
  ];
  const unknown = (data?.robots ?? []).filter((r: RobotSchedules) => r.state === 'unknown');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="site-coverage">
      <div className="cf-site-toolbar">
        <SiteDayPicker value={day} onChange={setDay} placeholder={t('site.coverage.today')} data-testid="coverage-day" />
        {data ? (
          <Typography.Text type="secondary">
            <bdi>{`${dayWeekdayName(data.day, i18n.language)} ${data.day}`}</bdi> · <bdi>{data.timeZone}</bdi>
          </Typography.Text>
        ) : null}
      </div>
      <QueryState query={coverage} loading={<Alert type="info" showIcon title={t('site.coverage.asking')} />}>
        {unknown.length > 0 ? <Alert type="warning" showIcon title={t('site.coverage.unknownRobots')} data-testid="coverage-unknown" /> : null}
        <ResponsiveTable<ItemService>
          size="small"
          rowKey={(s) => s.planItem.planItemId}
          columns={columns}
          dataSource={data?.items ?? []}
          loading={coverage.isFetching && !coverage.isPending}
          pagination={false}
          locale={{ emptyText: t('site.coverage.empty') }}
          cardTestId="coverage-card"
          data-testid="coverage-table"
        />
        <Typography.Title level={5} className="cf-site-subtitle">
          {t('site.coverage.robots')}
        </Typography.Title>
        <RobotAnswers robots={data?.robots ?? []} />
      </QueryState>
    </Space>
  );
}

