import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isApiError } from '@/api/errors';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { exportOperationLog, useOperationLog, type LogRow, type LogSearch } from './api/oplog';
import { formatTime } from '@/lib/format';
import { downloadBlob } from '@/lib/download';
import { logWorkbook, LOG_EXPORT_FILE } from './lib/log-export';
import { LimitedRangePicker } from '@/components/limited-range-picker';

const PAGE_SIZE = 30;
type Filter = Omit<LogSearch, 'pageSize'>;

/**
 * The operation log's columns. Calls ("/login"), addresses ("::1") and times are left-to-right text: each is
 * isolated in that direction (<bdi dir="ltr">), so an Arabic console shows "/login", not "login/" (issue 30 item 7).
 * An account name and what changed (a sentence in the reader's language naming records, "مصعد Tower lift: …") are
 * isolated in their own direction (<bdi>, taken from their first letter), so neither reorders its neighbours.
 */
export function logColumns(t: TFunction): ColumnsType<LogRow> {
  return [
    { title: t('files.common.time'), dataIndex: 'time', key: 'time', render: (time: string) => <bdi dir="ltr">{formatTime(time)}</bdi> },
    {
      title: t('files.log.account'), key: 'account',
      render: (_, r) => (<span><bdi>{r.account}</bdi>{r.shadow ? <Tag style={{ marginInlineStart: 6 }}>{t('files.log.shadow')}</Tag> : null}{r.token ? <Tag color="blue" style={{ marginInlineStart: 6 }} data-testid="log-via-token">{t('files.log.viaToken', { name: r.tokenId != null ? `${r.token} #${r.tokenId}` : r.token })}</Tag> : null}</span>),
    },
    {
      title: t('files.log.call'), dataIndex: 'call', key: 'call',
      render: (c: string) => <Typography.Text code><bdi dir="ltr">{c.replace(/^\/api/, '')}</bdi></Typography.Text>,
    },
    {
      title: t('files.log.target'), dataIndex: 'target', key: 'target', ellipsis: { showTitle: false },
      render: (target: string) => <bdi title={target}>{target}</bdi>,
    },
    { title: t('files.log.ip'), dataIndex: 'ip', key: 'ip', render: (ip: string) => <bdi dir="ltr">{ip}</bdi> },
    { title: t('files.log.platform'), dataIndex: 'platform', key: 'platform' },
  ];
}

/** The operation log (log): who changed what, when and from where; searchable, exported to export.xlsx. */
export default function LogPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [draft, setDraft] = useState<{ account: string; call: string; target: string; range: [Dayjs | null, Dayjs | null] | null }>({
    account: '', call: '', target: '', range: null,
  });
  const [filter, setFilter] = useState<Filter>({ currentPage: 1 });
  const [exporting, setExporting] = useState<number | null>(null);
  const log = useOperationLog({ ...filter, pageSize: PAGE_SIZE });

  const search = () =>
    setFilter({
      account: draft.account.trim() || undefined,
      call: draft.call.trim() || undefined,
      target: draft.target.trim() || undefined,
      startTime: draft.range?.[0]?.startOf('day').toISOString(),
      endTime: draft.range?.[1]?.endOf('day').toISOString(),
      currentPage: 1,
    });

  const runExport = async () => {
    setExporting(0);
    try {
      const { currentPage: _page, ...wanted } = filter;
      const answer = await exportOperationLog(wanted);
      if (answer.list.length === 0) {
        void message.info(t('files.log.nothing'));
        return;
      }
      setExporting(answer.list.length);
      downloadBlob(await logWorkbook(answer.list, t), LOG_EXPORT_FILE);
      void message.success(t('files.log.exported', { count: answer.list.length, file: LOG_EXPORT_FILE }));
      if (answer.truncated) void message.warning(t('files.log.truncated'));
    } catch (error) {
      if (!isApiError(error)) console.error('export failed', error);
    } finally {
      setExporting(null);
    }
  };

  const columns = logColumns(t);

  return (
    <Card size="small" title={t('files.log.title')} data-testid="log-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear placeholder={t('files.log.account')} value={draft.account} onChange={(e) => setDraft((d) => ({ ...d, account: e.target.value }))} onPressEnter={search} style={{ width: 160 }} data-testid="log-account" />
        <Input allowClear placeholder={t('files.log.call')} value={draft.call} onChange={(e) => setDraft((d) => ({ ...d, call: e.target.value }))} onPressEnter={search} style={{ width: 200 }} data-testid="log-call" />
        <Input allowClear placeholder={t('files.log.target')} value={draft.target} onChange={(e) => setDraft((d) => ({ ...d, target: e.target.value }))} onPressEnter={search} style={{ width: 180 }} />
        <LimitedRangePicker list="/log/list" value={draft.range} onChange={(range) => setDraft((d) => ({ ...d, range }))} />
        <Button icon={<SearchOutlined />} onClick={search} data-testid="log-search">{t('files.common.search')}</Button>
        {can('log/export') ? (
          <Button icon={<DownloadOutlined />} onClick={() => void runExport()} loading={exporting !== null} data-testid="log-export">
            {t('files.log.export')}
          </Button>
        ) : null}
      </Space>
      <QueryState query={log}>
        <Table<LogRow> rowKey="id" columns={columns} dataSource={log.data?.list ?? []} scroll={{ x: 'max-content' }}
          loading={log.isFetching && !log.isPending} locale={{ emptyText: t('files.log.empty') }}
          pagination={{ current: filter.currentPage, pageSize: PAGE_SIZE, total: log.data?.total ?? 0, showSizeChanger: false,
            onChange: (currentPage) => setFilter((f) => ({ ...f, currentPage })) }} />
      </QueryState>
      <Modal open={exporting !== null} footer={null} closable={false} title={t('files.log.export')}>
        <Progress percent={exporting ? 100 : 30} status="active" />
        <Typography.Text type="secondary">{t('files.log.exporting', { count: exporting ?? 0 })}</Typography.Text>
      </Modal>
    </Card>
  );
}
