import { EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { formatTime } from '@/lib/format';
import { useDeleteSiem, useSiemDestinations, useTestSiem, type SiemDestination } from '../api/siem';
import { SiemDialog } from './siem-dialog';

const STATE_COLOURS: Record<SiemDestination['state'], string> = { ok: 'success', failing: 'error', waiting: 'processing', off: 'default' };

/** A destination's health: its state, what it sent, what waits, its last error and next try. */
function Health({ row }: { row: SiemDestination }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={2} data-testid="siem-health">
      <span>
        <Tag color={STATE_COLOURS[row.state]} data-testid="siem-state">{t(`audit.siem.states.${row.state}`)}</Tag>
        <Typography.Text type="secondary">{t('audit.siem.sent', { count: row.sent })} · {t('audit.siem.backlog', { count: row.backlog })}</Typography.Text>
      </span>
      <Typography.Text type="secondary">
        {row.lastSentAt ? t('audit.siem.lastSent', { time: formatTime(row.lastSentAt) }) : t('audit.siem.neverSent')}
      </Typography.Text>
      {row.lastError ? (
        <Typography.Text type="danger" data-testid="siem-error">
          {t('audit.siem.lastError', { error: row.lastErrorText ?? row.lastError, time: formatTime(row.lastErrorAt ?? '') })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** "Send test message": one message now; the answer (sent, or why not) as a toast. */
function TestButton({ row }: { row: SiemDestination }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const test = useTestSiem();
  const run = () =>
    test
      .mutateAsync({ destinationId: row.destinationId })
      .then((result) => void (result.ok ? message.success(t('audit.siem.testSent')) : message.error(t('audit.siem.testFailed', { error: result.errorText ?? result.error }))))
      .catch(() => undefined);
  return (
    <Button size="small" icon={<SendOutlined />} loading={test.isPending} onClick={run} data-testid={`siem-test-${row.name}`}>
      {t('audit.siem.test')}
    </Button>
  );
}

/** The Audit trail page's "SIEM streaming" tab (key audit/siem): the subtree's syslog destinations and their health. */
export function SiemTab() {
  const { t } = useTranslation();
  const destinations = useSiemDestinations();
  const remove = useDeleteSiem();
  const [editing, setEditing] = useState<SiemDestination | 'new' | null>(null);
  const columns: ColumnsType<SiemDestination> = [
    {
      title: t('audit.siem.columns.destination'), key: 'destination',
      render: (_, row) => (
        <Space orientation="vertical" size={2}>
          <strong>{row.name}</strong>
          <Typography.Text type="secondary"><bdi dir="ltr">{`${row.tls ? 'tls' : 'tcp'}://${row.host}:${row.port}`}</bdi></Typography.Text>
          <Typography.Text type="secondary">{t('audit.siem.of', { account: row.nodeAccount })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('audit.siem.columns.kinds'), key: 'kinds',
      render: (_, row) => <Space size={[4, 4]} wrap style={{ maxWidth: 300 }}>{row.kinds.map((group) => <Tag key={group}>{t(`audit.siem.groups.${group}`)}</Tag>)}</Space>,
    },
    { title: t('audit.siem.columns.health'), key: 'health', render: (_, row) => <Health row={row} /> },
    {
      title: t('audit.siem.columns.actions'), key: 'actions',
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          <TestButton row={row} />
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid={`siem-edit-${row.name}`}>{t('audit.siem.edit')}</Button>
          <DeleteButton confirm={t('audit.siem.deleteConfirm', { name: row.name })} onDelete={() => remove.mutateAsync({ destinationId: row.destinationId })}
            label={t('common.delete')} successText={t('audit.siem.deleted')} testId={`siem-delete-${row.name}`} />
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="siem-tab">
      <Typography.Paragraph type="secondary">{t('audit.siem.intro')}</Typography.Paragraph>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="siem-add">
        {t('audit.siem.add')}
      </Button>
      <QueryState query={destinations}>
        <ResponsiveTable<SiemDestination> rowKey="destinationId" columns={columns} dataSource={destinations.data?.list ?? []} pagination={false}
          loading={destinations.isFetching && !destinations.isPending} scroll={{ x: 'max-content' }} locale={{ emptyText: t('audit.siem.empty') }}
          cardTestId="siem-card" data-testid="siem-list" />
      </QueryState>
      {editing ? <SiemDialog row={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
