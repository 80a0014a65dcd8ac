import { AimOutlined } from '@ant-design/icons';
import { Button, Descriptions, Empty, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedRangePicker } from '@/components/limited-range-picker';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { dayParam } from '@/lib/day-range';
import { useCan } from '@/lib/use-can';
import { useAvailability, type Problem, type SiteAvailability } from '../api/availability';
import type { SiteDetail } from '../api/sites';
import { EXCLUDED_CAUSES, hoursText, LOST_CAUSES, minutesText, percentText } from '../lib/availability';
import { AvailabilityCharts } from './availability-charts';
import { AvailabilityFigures, MetTag } from './availability-figures';
import { RunStateTag } from './state-tags';
import { TargetsDialog } from './targets-dialog';

const TARGETS = 'site/index/targets';

/** A site's availability over a range of its days (default this month): figures, targets, charts, missed runs. */
export function AvailabilityPanel({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [editing, setEditing] = useState(false);
  const found = useAvailability(site.siteId, range ? { startDay: dayParam(range[0]), endDay: dayParam(range[1]) } : null);
  const data = found.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="site-availability">
      <Typography.Text type="secondary">{t('site.availability.intro', { zone: site.timeZone })}</Typography.Text>
      <div className="cf-site-toolbar">
        <Space wrap>
          <LimitedRangePicker
            list="/site/availability/get"
            value={range}
            onChange={(value) => setRange(value && value[0] && value[1] ? [value[0], value[1]] : null)}
            aria-label={t('site.availability.range')}
            data-testid="availability-range"
          />
        </Space>
        {can(TARGETS) ? (
          <Button icon={<AimOutlined />} onClick={() => setEditing(true)} disabled={!data} data-testid="set-targets">
            {t('site.availability.targets.set')}
          </Button>
        ) : null}
      </div>
      <QueryState query={found}>
        {data ? <AvailabilityBody found={data} /> : null}
      </QueryState>
      {editing && data ? <TargetsDialog siteId={site.siteId} siteName={site.siteName} targets={data.targets} onClose={() => setEditing(false)} /> : null}
    </Space>
  );
}

function AvailabilityBody({ found }: { found: SiteAvailability }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const now = found.current;
  const period = t('site.availability.period', { start: now.start, end: now.end });
  return (
    <>
      <Typography.Text strong data-testid="availability-period">{period}</Typography.Text>
      {now.scheduledSeconds === 0 ? <Empty description={t('site.availability.empty')} /> : null}
      <AvailabilityFigures found={found} />
      <TargetsLine found={found} />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        data-testid="availability-lost"
        items={[
          ...LOST_CAUSES.map((cause) => ({ key: cause, label: t(`site.availability.lost.${cause}`), children: t('site.availability.hours', { value: hoursText(now.lost[cause], lng) }) })),
          ...EXCLUDED_CAUSES.map((cause) => ({ key: cause, label: t(`site.availability.excluded.${cause}`), children: t('site.availability.hours', { value: hoursText(now.excluded[cause], lng) }) })),
        ]}
      />
      <AvailabilityCharts found={found} />
      <Problems found={found} />
    </>
  );
}

function TargetsLine({ found }: { found: SiteAvailability }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { targets, met } = found;
  if (targets.availability == null && targets.ackMinutes == null && targets.runsDone == null) {
    return <Typography.Text type="secondary" data-testid="targets-none">{t('site.availability.targets.none')}</Typography.Text>;
  }
  const items = [
    targets.availability == null ? null : { key: 'availability', label: t('site.availability.targets.availability'), value: percentText(targets.availability, lng), met: met.availability },
    targets.ackMinutes == null ? null : { key: 'ack', label: t('site.availability.targets.ack'), value: minutesText(targets.ackMinutes * 60, lng), met: met.ack },
    targets.runsDone == null ? null : { key: 'runsDone', label: t('site.availability.targets.runsDone'), value: percentText(targets.runsDone, lng), met: met.runsDone },
  ].filter((item) => item !== null);
  return (
    <Descriptions
      size="small"
      title={t('site.availability.targets.title')}
      column={{ xs: 1, sm: 3 }}
      data-testid="availability-targets"
      items={items.map((item) => ({
        key: item.key,
        label: item.label,
        children: (
          <Space size={4}>
            <span>{item.value}</span>
            <MetTag value={item.met} testId={`target-${item.key}-met`} />
          </Space>
        ),
      }))}
    />
  );
}

function Problems({ found }: { found: SiteAvailability }) {
  const { t } = useTranslation();
  const columns: ColumnsType<Problem> = [
    { title: t('site.availability.day'), dataIndex: 'day', key: 'day' },
    { title: t('site.availability.window'), key: 'window', render: (_, p) => `${p.windowStart}–${p.windowEnd}` },
    { title: t('site.availability.floor'), key: 'floor', render: (_, p) => `${p.building} · ${p.floor}` },
    { title: t('site.availability.item'), dataIndex: 'item', key: 'item' },
    { title: t('site.availability.state'), key: 'state', render: (_, p) => <RunStateTag state={p.state as 'missed' | 'short'} /> },
    { title: t('site.availability.reasons'), key: 'reasons', render: (_, p) => p.reasons.join('; ') },
  ];
  const rows = found.problems.toReversed(); // the newest first
  return (
    <>
      <Typography.Title level={5}>{t('site.availability.problems')}</Typography.Title>
      {found.problemCount > found.problems.length ? (
        <Typography.Text type="secondary">{t('site.availability.problemsMore', { shown: found.problems.length, total: found.problemCount })}</Typography.Text>
      ) : null}
      <ResponsiveTable<Problem>
        size="small"
        rowKey={(p) => `${p.day}-${p.windowStart}-${p.floor}-${p.item}-${rows.indexOf(p)}`}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t('site.availability.noProblems') }}
        scroll={{ x: 'max-content' }}
        data-testid="availability-problems"
      />
    </>
  );
}

