import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { LimitedRangePicker } from '@/components/limited-range-picker';
import { QueryState } from '@/components/query-state';
import { formatTime } from '@/lib/format';
import { useCan } from '@/lib/use-can';
import { saveAuditExport, useAuditTrail, type AuditRow, type AuditSearch } from './api/audit';
import './audit.css';
import { SiemTab } from './components/siem-tab';
import { KINDS, type AuditKind } from './kinds';

const PAGE_SIZE = 30;
type Filter = Omit<AuditSearch, 'pageSize'>;
type Draft = { who: string; target: string; kinds: AuditKind[]; outcome: string | undefined; range: [Dayjs | null, Dayjs | null] | null };
const OUTCOMES = ['ok', 'refused', 'failed'] as const;
const OUTCOME_COLOURS: Record<string, string> = { ok: 'green', refused: 'orange', failed: 'red' };

/** A kind's words; a kind this console does not know yet reads as its name. */
const kindText = (t: TFunction, kind: string) => t(`audit.kinds.${kind}`, { defaultValue: kind });

/**
 * The audit trail's columns. Addresses, calls and times are left-to-right text, isolated in that direction
 * (<bdi dir="ltr">) so an Arabic console keeps them readable; names keep their own direction.
 */
export function auditColumns(t: TFunction): ColumnsType<AuditRow> {
  return [
    { title: t('audit.time'), dataIndex: 'at', key: 'at', render: (at: string) => <bdi dir="ltr">{formatTime(at)}</bdi> },
    {
      title: t('audit.who'), key: 'who',
      render: (_, r) => (<span><bdi>{r.actorName || '-'}</bdi><Tag style={{ marginInlineStart: 6 }}>{t(`audit.actors.${r.actorType}`, { defaultValue: r.actorType })}</Tag></span>),
    },
    {
      title: t('audit.event'), key: 'event',
      render: (_, r) => (<span data-testid="audit-event">{kindText(t, r.kind)} <Tag color={OUTCOME_COLOURS[r.outcome]}>{t(`audit.outcomes.${r.outcome}`, { defaultValue: r.outcome })}</Tag></span>),
    },
    { title: t('audit.target'), dataIndex: 'target', key: 'target', render: (target: string) => <Typography.Text code><bdi dir="ltr">{target.replace(/^\/api/, '')}</bdi></Typography.Text> },
    { title: t('audit.from'), dataIndex: 'address', key: 'address', render: (address: string | null) => <bdi dir="ltr">{address ?? '-'}</bdi> },
  ];
}

/** What an expanded row shows: the event's details and its place in its chain. */
function AuditDetail({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Typography.Text type="secondary">{row.sealed ? t('audit.sealed', { chain: row.chain, seq: row.seq }) : t('audit.unsealed')}</Typography.Text>
      {row.client ? <Typography.Text type="secondary"><bdi dir="ltr">{t('audit.client')}: {row.client}</bdi></Typography.Text> : null}
      {row.detail ? <pre className="cf-audit__detail" dir="ltr">{JSON.stringify(JSON.parse(row.detail), null, 2)}</pre> : null}
    </Space>
  );
}

const EXPANDABLE = { expandedRowRender: renderDetail };

function renderDetail(row: AuditRow) {
  return <AuditDetail row={row} />;
}

function filterOf(draft: Draft): Filter {
  return {
    actorName: draft.who.trim() || undefined,
    target: draft.target.trim() || undefined,
    kind: draft.kinds.length ? draft.kinds : undefined,
    outcome: (draft.outcome as AuditSearch['outcome']) || undefined,
    startTime: draft.range?.[0]?.startOf('day').toISOString(),
    endTime: draft.range?.[1]?.endOf('day').toISOString(),
    currentPage: 1,
  };
}

/** Export as CSV or JSON Lines: the search as it stands, saved by the browser. */
function ExportMenu({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'jsonl') => {
    setBusy(true);
    const hide = message.loading(t('audit.exporting'), 0);
    try {
      const { currentPage: _page, ...wanted } = filter;
      const saved = await saveAuditExport({ ...wanted, format });
      void message.success(t('audit.exported', { file: saved.name }));
      if (saved.truncated) void message.warning(t('audit.truncated'));
    } catch (error) {
      if (!isApiError(error)) console.error('audit export failed', error);
    } finally {
      hide();
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run('csv')} data-testid="audit-export-csv">{t('audit.exportCsv')}</Button>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run('jsonl')} data-testid="audit-export-jsonl">{t('audit.exportJsonl')}</Button>
    </>
  );
}

/** The audit trail (audit): every security event of the caller's branch, searchable, exported for a SIEM. */
export default function AuditPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [draft, setDraft] = useState<Draft>({ who: '', target: '', kinds: [], outcome: undefined, range: null });
  const [filter, setFilter] = useState<Filter>({ currentPage: 1 });
  const trail = useAuditTrail({ ...filter, pageSize: PAGE_SIZE });
  const search = () => setFilter(filterOf(draft));
  const set = (part: Partial<Draft>) => setDraft((d) => ({ ...d, ...part }));
  const [tab, setTab] = useState('events');
  const tabs = can('audit/siem') ? [{ key: 'events', label: t('audit.tabs.events') }, { key: 'siem', label: t('audit.tabs.siem') }] : undefined;
  return (
    <Card size="small" title={t('audit.title')} data-testid="audit-page" tabList={tabs} activeTabKey={tab} onTabChange={setTab}>
      {tabs && tab === 'siem' ? <SiemTab /> : (<>
      <Typography.Paragraph type="secondary">{t('audit.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear aria-label={t('audit.who')} placeholder={t('audit.whoPlaceholder')} value={draft.who} onChange={(e) => set({ who: e.target.value })} onPressEnter={search} style={{ width: 180 }} data-testid="audit-who" />
        <Select mode="multiple" allowClear aria-label={t('audit.event')} placeholder={t('audit.kindPlaceholder')} value={draft.kinds} onChange={(kinds) => set({ kinds })} style={{ minWidth: 180 }} maxTagCount="responsive"
          options={KINDS.map((kind) => ({ value: kind, label: kindText(t, kind) }))} data-testid="audit-kinds" />
        <Select allowClear aria-label={t('audit.outcome')} placeholder={t('audit.outcomePlaceholder')} value={draft.outcome} onChange={(outcome) => set({ outcome })} style={{ width: 140 }}
          options={OUTCOMES.map((o) => ({ value: o, label: t(`audit.outcomes.${o}`) }))} />
        <Input allowClear aria-label={t('audit.target')} placeholder={t('audit.targetPlaceholder')} value={draft.target} onChange={(e) => set({ target: e.target.value })} onPressEnter={search} style={{ width: 200 }} />
        <LimitedRangePicker list="/audit/list" value={draft.range} onChange={(range) => set({ range })} />
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="audit-search">{t('audit.search')}</Button>
        {can('audit/export') ? <ExportMenu filter={filter} /> : null}
      </Space>
      <QueryState query={trail}>
        <Table<AuditRow> rowKey="id" columns={auditColumns(t)} dataSource={trail.data?.list ?? []} scroll={{ x: 'max-content' }} size="small"
          loading={trail.isFetching && !trail.isPending} locale={{ emptyText: t('audit.empty') }}
          expandable={EXPANDABLE}
          pagination={{ current: filter.currentPage, pageSize: PAGE_SIZE, total: trail.data?.total ?? 0, showSizeChanger: false,
            onChange: (currentPage) => setFilter((f) => ({ ...f, currentPage })) }} />
      </QueryState>
      </>)}
    </Card>
  );
}
