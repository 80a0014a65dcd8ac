import { AlertOutlined, FileSearchOutlined } from '@ant-design/icons';
import { Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '@/components/responsive-table';
import { isPathAvailable } from '@/lib/availability';
import { useSessionStore } from '@/lib/session';
import type { ActualDetail, PlannedRun, RunState } from '../api/actual';
import type { PlanItem } from '../api/plans';
import { dayWeekdayName, momentIn } from '../lib/clock';
import { RUN_STATES } from '../lib/states';
import { ByHandCell } from './by-hand';
import { PlanItemPlace } from './plan-columns';
import { RunStateTag } from './state-tags';

export interface RunRow {
  key: string;
  item: PlanItem;
  run: PlannedRun;
}

/** Every planned run of the period, by day, then window, then slot. */
export function plannedRuns(detail: Pick<ActualDetail, 'items'>): RunRow[] {
  return detail.items
    .flatMap((item) => item.runs.map((run) => ({ key: `${item.planItem.planItemId}:${run.day}:${run.slot}`, item: item.planItem, run })))
    .toSorted((a, b) => a.run.day.localeCompare(b.run.day) || a.item.windowStart.localeCompare(b.item.windowStart) || a.run.slot - b.run.slot);
}

/** Why a planned run reads as it does: the server's reasons, or what its state says when it gives none. */
function Reasons({ run, t }: { run: PlannedRun; t: TFunction }) {
  if (run.reasons.length === 0) {
    if (run.state === 'missed') return <span>{t('site.actual.noRunInWindow')}</span>;
    if (run.state === 'pending') return <Typography.Text type="secondary">{t('site.actual.windowOpen')}</Typography.Text>;
    return <Typography.Text type="secondary">—</Typography.Text>;
  }
  return (
    <ul className="cf-site-reasons">
      {run.reasons.map((reason, index) => (
        <li key={`${reason.kind}:${reason.key}:${index}`} data-kind={reason.kind}>
          {reason.kind === 'alarm' ? <AlertOutlined aria-hidden className="cf-site-reasons__alarm" /> : null} {reason.text}
          {reason.count !== null && reason.count > 1 ? <Typography.Text type="secondary"> ×{reason.count}</Typography.Text> : null}
        </li>
      ))}
    </ul>
  );
}

function RunFacts({ run, zone, reportLink, t, language }: { run: PlannedRun; zone: string; reportLink: boolean; t: TFunction; language: string }) {
  const matched = run.run;
  if (!matched) return <Typography.Text type="secondary">{t('site.actual.noRun')}</Typography.Text>;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return (
    <div>
      <bdi>{`${momentIn(matched.startTime, zone, run.day)}–${momentIn(matched.endTime, zone, run.day)}`}</bdi> {matched.deviceCode}
      <div>
        <Typography.Text type="secondary">{t('site.actual.cleaned', { area: number.format(matched.cleanedArea), coverage: number.format(matched.coverage) })}</Typography.Text>
      </div>
      {reportLink ? (
        <Link to={`/device/report?reportId=${matched.taskReportId}`} data-testid={`run-report-${matched.taskReportId}`}>
          <FileSearchOutlined /> {t('site.actual.openReport')}
        </Link>
      ) : null}
    </div>
  );
}

/** A site's planned runs of the period with their states, runs and reasons; filtered by state. */
export function ActualRuns({ detail }: { detail: ActualDetail }) {
  const { t, i18n } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const [state, setState] = useState<RunState | null>(null);
  const rows = useMemo(() => plannedRuns(detail), [detail]);
  const shown = state ? rows.filter((r) => r.run.state === state) : rows;
  const reportLink = isPathAvailable('/device/report', user);
  const marked = useMemo(() => new Set(rows.filter((r) => r.run.byHand).map((r) => `${r.item.planItemId}:${r.run.day}`)), [rows]);
  const columns: ColumnsType<RunRow> = [
    { title: t('site.plan.floor'), key: 'item', render: (_, r) => <PlanItemPlace item={r.item} t={t} /> },
    {
      title: t('site.actual.day'),
      key: 'day',
      render: (_, r) => <bdi>{`${dayWeekdayName(r.run.day, i18n.language)} ${r.run.day}`}</bdi>,
    },
    {
      title: t('site.plan.window'),
      key: 'window',
      render: (_, r) => (
        <div>
          <bdi>{`${r.item.windowStart}–${r.item.windowEnd}`}</bdi>
          {r.item.runsPerDay > 1 ? (
            <div>
              <Typography.Text type="secondary">{t('site.actual.slot', { slot: r.run.slot, runs: r.item.runsPerDay })}</Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: t('site.actual.state'),
      key: 'state',
      render: (_, r) => (
        <Space orientation="vertical" size={4}>
          <RunStateTag state={r.run.state} />
          <ByHandCell item={r.item} run={r.run} marked={marked.has(`${r.item.planItemId}:${r.run.day}`)} />
        </Space>
      ),
    },
    { title: t('site.actual.run'), key: 'run', render: (_, r) => <RunFacts run={r.run} zone={detail.timeZone} reportLink={reportLink} t={t} language={i18n.language} /> },
    { title: t('site.actual.reasons'), key: 'reasons', render: (_, r) => <Reasons run={r.run} t={t} /> },
  ];
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Select<RunState>
        allowClear
        value={state ?? undefined}
        onChange={(next) => setState(next ?? null)}
        placeholder={t('site.actual.allStates')}
        aria-label={t('site.actual.allStates')}
        options={RUN_STATES.map((s) => ({ value: s, label: t(`site.states.${s}`) }))}
        style={{ minWidth: 180 }}
        data-testid="actual-state-filter"
      />
      <ResponsiveTable<RunRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={shown}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t('site.actual.empty') }}
        scroll={{ x: 'max-content' }}
        cardTestId="actual-run"
        data-testid="actual-runs"
      />
    </Space>
  );
}
