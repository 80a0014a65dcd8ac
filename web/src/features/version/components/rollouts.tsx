import { PauseCircleOutlined, PlayCircleOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Pagination, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '@/components/charts/echart';
import { QueryState } from '@/components/query-state';
import { useCancelRollout, usePauseRollout, useResumeRollout, useRollouts, type Firmware, type Rollout } from '../api/firmware';
import { RolloutDialog } from './rollout-dialog';
import { RolloutRobots } from './rollout-robots';

const PAGE_SIZE = 10;
const STATE_COLORS: Record<string, string> = { RUNNING: 'processing', PAUSED: 'warning', FINISHED: 'success', CANCELLED: 'default' };

function groupsChart(rollout: Rollout, t: TFunction): ChartOption {
  const names = rollout.groups.map((g) => String(t('version.rollout.group', { number: g.number })));
  const series = (['updated', 'running', 'failed', 'waiting', 'cancelled'] as const).map((key, i) => ({
    type: 'bar' as const,
    stack: 'robots',
    name: t(`version.states.${['UPDATED', 'UPDATING', 'FAILED', 'QUEUED', 'CANCELLED'][i]}`, { defaultValue: key }),
    data: rollout.groups.map((g) => g[key]),
    color: ['#2f9e44', '#3a86ff', '#d1495b', '#adb5bd', '#6c757d'][i],
  }));
  return { tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 40, right: 16, top: 32, bottom: 24 }, xAxis: { type: 'category', data: names }, yAxis: { type: 'value', minInterval: 1 }, series } as ChartOption;
}

/** One rollout: its state, why it paused, each group's progress live, and pause, resume and cancel. */
function RolloutCard({ rollout, canChange }: { rollout: Rollout; canChange: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pause = usePauseRollout();
  const resume = useResumeRollout();
  const cancel = useCancelRollout();
  const body = { rolloutId: rollout.rolloutId };
  const done = (text: string) => () => void message.success(text);
  const actions = canChange
    ? [
        rollout.state === 'RUNNING' ? (
          <Button key="pause" size="small" icon={<PauseCircleOutlined />} loading={pause.isPending} onClick={() => pause.mutateAsync(body).then(done(t('version.rollout.paused'))).catch(() => undefined)} data-testid="rollout-pause">
            {t('version.rollout.pause')}
          </Button>
        ) : null,
        rollout.state === 'PAUSED' ? (
          <Popconfirm key="resume" title={t('version.rollout.resumeConfirm', { name: rollout.name })} onConfirm={() => resume.mutateAsync(body).then(done(t('version.rollout.resumed'))).catch(() => undefined)}>
            <Button size="small" type="primary" icon={<PlayCircleOutlined />} loading={resume.isPending} data-testid="rollout-resume">
              {t('version.rollout.resume')}
            </Button>
          </Popconfirm>
        ) : null,
        rollout.state === 'RUNNING' || rollout.state === 'PAUSED' ? (
          <Popconfirm key="cancel" title={t('version.rollout.cancelConfirm', { name: rollout.name })} okButtonProps={{ danger: true }} onConfirm={() => cancel.mutateAsync(body).then(done(t('version.rollout.cancelled'))).catch(() => undefined)}>
            <Button size="small" danger icon={<StopOutlined />} loading={cancel.isPending} data-testid="rollout-cancel">
              {t('version.rollout.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
      ].filter(Boolean)
    : [];
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      data-testid={`rollout-${rollout.name}`}
      data-state={rollout.state}
      title={
        <Space wrap>
          <strong>{rollout.name}</strong>
          <Typography.Text type="secondary">
            {rollout.firmwareName} {rollout.version}
          </Typography.Text>
          <Tag color={STATE_COLORS[rollout.state]} data-testid="rollout-state">
            {t(`version.rollout.states.${rollout.state}`, { defaultValue: rollout.state })}
          </Tag>
        </Space>
      }
      extra={<Space>{actions}</Space>}
    >
      {rollout.reason ? <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t(`version.rollout.reasons.${rollout.reason}`, { defaultValue: rollout.reason })} data-testid="rollout-reason" /> : null}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('version.rollout.thresholds', { success: rollout.successThreshold, error: rollout.errorThreshold })}
      </Typography.Paragraph>
      {rollout.window ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="rollout-window">
          {t('version.window.summary', { start: rollout.window.windowStart, end: rollout.window.windowEnd, spread: rollout.window.spreadMinutes, battery: rollout.window.minBattery, days: rollout.window.maxDeferDays })}
        </Typography.Paragraph>
      ) : null}
      {(rollout.waiting ?? 0) > 0 || (rollout.deferred ?? 0) > 0 ? (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} data-testid="rollout-waiting" message={t('version.window.waitingCount', { waiting: rollout.waiting ?? 0, deferred: rollout.deferred ?? 0 })} />
      ) : null}
      {rollout.groups.map((g) => (
        <div key={g.number} data-testid={`rollout-group-${g.number}`} data-state={g.state} style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 4 }}>
          <span style={{ width: 90 }}>{t('version.rollout.group', { number: g.number })}</span>
          <Tag>{t(`version.rollout.groupStates.${g.state}`, { defaultValue: g.state })}</Tag>
          <Progress
            aria-label={t('version.rollout.group', { number: g.number })}
            style={{ flex: 1, margin: 0 }}
            percent={Math.round((100 * (g.updated + g.failed + g.cancelled)) / Math.max(g.size, 1))}
            success={{ percent: Math.round((100 * g.updated) / Math.max(g.size, 1)) }}
            status={g.failed > 0 ? 'exception' : g.state === 'SUCCEEDED' ? 'success' : 'active'}
          />
          <Typography.Text type="secondary" style={{ minWidth: 300 }}>
            {t('version.rollout.groupLine', { ...g })}
          </Typography.Text>
        </div>
      ))}
      {rollout.groups.length > 1 ? <EChart option={groupsChart(rollout, t)} height={200} label={t('version.rollout.chart')} /> : null}
      <RolloutRobots rollout={rollout} />
    </Card>
  );
}

/** The rollouts of the user's branch, newest first, live; a new one from the firmware list. */
export function Rollouts({ firmware, canChange }: { firmware: Firmware[]; canChange: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const rollouts = useRollouts(page, PAGE_SIZE);
  return (
    <div data-testid="rollouts">
      {canChange ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginBottom: 12 }} data-testid="add-rollout">
          {t('version.rollout.add')}
        </Button>
      ) : null}
      <QueryState query={rollouts}>
        {(rollouts.data?.list ?? []).length === 0 ? <Empty description={t('version.rollout.empty')} /> : null}
        {(rollouts.data?.list ?? []).map((r) => (
          <RolloutCard key={r.rolloutId} rollout={r} canChange={canChange} />
        ))}
        {(rollouts.data?.total ?? 0) > PAGE_SIZE ? <Pagination current={page} pageSize={PAGE_SIZE} total={rollouts.data?.total ?? 0} onChange={setPage} showSizeChanger={false} /> : null}
      </QueryState>
      {adding ? <RolloutDialog firmware={firmware} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
