import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { runColumns } from './retention-page';
import type { PurgeRun } from './api/retention';

const runs: PurgeRun[] = [
  { kind: 'alarms', userId: 12, days: 60, removed: 1203, startedAt: '2026-11-26T08:00:00Z', finishedAt: '2026-11-26T08:00:05Z' },
  { kind: 'logs', userId: null, days: 30, removed: 4, startedAt: '2026-11-26T08:00:00Z', finishedAt: '2026-11-26T08:00:06Z' },
];

describe('data retention', () => {
  beforeAll(async () => {
    for (const language of ['en', 'zh-CN', 'ar'] as const) {
      i18n.addResourceBundle(language, 'translation', await loadMessages(language), true, true);
    }
    await i18n.changeLanguage('en');
  });

  it('says how long a kind is kept in words, with the right plural', () => {
    const t = i18n.t;
    expect(t('retention.kept.alarms', { days: t('retention.days', { count: 400 }) })).toBe('Alarms and incidents are kept 400 days.');
    expect(t('retention.kept.logs', { days: t('retention.days', { count: 1 }) })).toBe('Device logs and their files are kept 1 day.');
    expect(i18n.getFixedT('zh-CN')('retention.kept.alarms', { days: i18n.getFixedT('zh-CN')('retention.days', { count: 400 }) }))
      .toBe('告警与事件保留 400 天。');
    expect(i18n.getFixedT('ar')('retention.days', { count: 2 })).toBe('يومان');
  });

  it('lists the last purges by kind, where, period and count', () => {
    render(<Table<PurgeRun> rowKey="kind" columns={runColumns(i18n.t, () => 'then')} dataSource={runs} pagination={false} />);
    expect(screen.getByText('Alarms and incidents')).toBeInTheDocument();
    expect(screen.getByText('Account 12')).toBeInTheDocument();
    expect(screen.getByText('Every account')).toBeInTheDocument();
    expect(screen.getByText('60 days')).toBeInTheDocument();
    expect(screen.getByText('1203')).toBeInTheDocument();
  });

  it('asks before keeping less, with the count that would go', () => {
    expect(i18n.t('retention.confirmText', { count: 3, days: i18n.t('retention.days', { count: 60 }) }))
      .toBe('Data older than 60 days will be removed at the next purge: 3 records.');
  });
});
