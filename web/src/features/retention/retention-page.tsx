import { Button, Card, Space, Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useRetention, type KindPeriod, type PurgeRun, type Retention } from './api/retention';
import { PeriodEditor } from './components/period-editor';
import './retention.css';

const dayText = (t: TFunction, count: number) => t('retention.days', { count });

/** Where a period comes from, in words: this account, an account above, or the deployment. */
function source(t: TFunction, period: KindPeriod): string {
  if (period.own !== null) return t('retention.own', { days: dayText(t, period.own) });
  if (period.above !== null) return t('retention.fromAbove', { days: dayText(t, period.above) });
  return t('retention.fromDeployment', { days: dayText(t, period.default) });
}

export function runColumns(t: TFunction, when: (iso: string) => string) {
  return [
    { title: t('retention.runKind'), dataIndex: 'kind', key: 'kind',
      render: (kind: string) => t(`retention.kinds.${kind}`, { defaultValue: kind }) },
    { title: t('retention.runWhere'), dataIndex: 'userId', key: 'where',
      render: (id: number | null) => (id === null ? t('retention.wholeTree') : t('retention.account', { id })) },
    { title: t('retention.runDays'), dataIndex: 'days', key: 'days', render: (days: number) => dayText(t, days) },
    { title: t('retention.runRemoved'), dataIndex: 'removed', key: 'removed' },
    { title: t('retention.runFinished'), dataIndex: 'finishedAt', key: 'finished', render: when },
  ];
}

function KindList({ data, onEdit }: { data: Retention; onEdit: (period: KindPeriod) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const mayEdit = can('retention/edit') && !data.root;
  return (
    <ul className="retention-kinds" data-testid="retention-kinds">
      {data.kinds.map((period) => (
        <li key={period.kind} data-testid={`retention-kind-${period.kind}`}>
          <div className="retention-kind-text">
            <Typography.Text strong data-testid="retention-kept">
              {t(`retention.kept.${period.kind}`, { days: dayText(t, period.days) })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {source(t, period)} · {t('retention.limits', { least: dayText(t, period.least), most: dayText(t, period.most) })}
            </Typography.Text>
            {!period.settable && !data.root ? <Typography.Text type="secondary">{t('retention.notSettable')}</Typography.Text> : null}
          </div>
          {mayEdit && period.settable ? (
            <Button onClick={() => onEdit(period)} data-testid={`retention-change-${period.kind}`}>
              {t('retention.change')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Data retention (issue 51 item 5): each kind's period in words, its limits, editing it, and the last purges. */
export default function RetentionPage() {
  const { t, i18n } = useTranslation();
  const [userId, setUserId] = useState<number | null>(null);
  const [editing, setEditing] = useState<KindPeriod | null>(null);
  const retention = useRetention(userId);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const last = retention.data?.lastRound;
  return (
    <Card size="small" title={t('retention.title')} data-testid="retention-page">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('retention.intro')}</Typography.Paragraph>
        <OwnerFilter value={userId} onChange={setUserId} placeholder={t('retention.branch')} data-testid="retention-branch" />
        <QueryState query={retention} rows={6}>
          {retention.data ? (
            <>
              {retention.data.root ? <Typography.Paragraph>{t('retention.root')}</Typography.Paragraph> : null}
              <KindList data={retention.data} onEdit={setEditing} />
              <output className="retention-last-round" data-testid="retention-last-round">
                {last ? t('retention.lastRound', { time: when(last.finishedAt), count: last.removed }) : t('retention.noRound')}
              </output>
              <Typography.Title level={5}>{t('retention.runs')}</Typography.Title>
              <Table<PurgeRun> size="small" rowKey={(run) => `${run.kind}-${run.userId}-${run.finishedAt}`}
                columns={runColumns(t, when)} dataSource={retention.data.runs} pagination={false}
                scroll={{ x: 'max-content' }} locale={{ emptyText: t('retention.noRuns') }} data-testid="retention-runs" />
            </>
          ) : null}
        </QueryState>
      </Space>
      {editing ? <PeriodEditor userId={userId} period={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
