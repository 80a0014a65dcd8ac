import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { PlanItem } from '../api/plans';
import { weekdaysText } from '../lib/clock';

type PlanFacts = Pick<PlanItem, 'buildingName' | 'floorName' | 'areaName' | 'taskName'>;

/** Where a plan item cleans: building · floor, then its area and task when it names them. */
export function PlanItemPlace({ item, t }: { item: PlanFacts; t: TFunction }) {
  return (
    <div>
      <strong>
        {item.buildingName} · {item.floorName}
      </strong>
      {item.areaName ? <span> · {item.areaName}</span> : null}
      <div>
        <Typography.Text type="secondary">{item.taskName ? t('site.plan.taskNamed', { task: item.taskName }) : t('site.plan.anyTask')}</Typography.Text>
      </div>
    </div>
  );
}

/** A plan item's targets: minimum area and coverage, or none. */
export function targetsText(item: Pick<PlanItem, 'minArea' | 'minCoverage'>, t: TFunction, language: string): string {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const parts = [
    item.minArea === null ? null : t('site.plan.areaTarget', { area: number.format(item.minArea) }),
    item.minCoverage === null ? null : t('site.plan.coverageTarget', { coverage: number.format(item.minCoverage) }),
  ].filter((part) => part !== null);
  return parts.length ? parts.join(', ') : t('site.plan.noTarget');
}

/** The columns of a site's plan items (the plan panel's table). */
export function planItemColumns(t: TFunction, language: string): ColumnsType<PlanItem> {
  return [
    { title: t('site.plan.floor'), key: 'place', render: (_, item) => <PlanItemPlace item={item} t={t} /> },
    { title: t('site.plan.weekdays'), key: 'days', render: (_, item) => weekdaysText(item.weekdays, language, t('site.plan.everyDay')) },
    { title: t('site.plan.window'), key: 'window', render: (_, item) => <bdi>{`${item.windowStart}–${item.windowEnd}`}</bdi> },
    { title: t('site.plan.runsPerDay'), dataIndex: 'runsPerDay', key: 'runs', align: 'end' },
    { title: t('site.plan.targets'), key: 'targets', render: (_, item) => targetsText(item, t, language) },
    {
      title: t('site.plan.validity'),
      key: 'valid',
      render: (_, item) => <bdi>{`${item.validFrom} – ${item.validUntil ?? t('site.plan.openEnded')}`}</bdi>,
    },
  ];
}
