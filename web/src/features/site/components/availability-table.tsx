import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useAvailabilityTable, type AvailabilityRow } from '../api/availability';
import { hoursText, minutesText, percentText } from '../lib/availability';
import { MetTag } from './availability-figures';
import { SiteDayPicker } from './site-day-picker';

/** Every site of the branch across customers for a month, worst first (most targets not met, then the lowest
 * availability), with its targets met or not; a site's name opens its availability. */
export function AvailabilityTable({ onOpen }: { onOpen: (siteId: number) => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [day, setDay] = useState<string | null>(null);
  const table = useAvailabilityTable(day);
  const columns: ColumnsType<AvailabilityRow> = [
    {
      title: t('site.availability.table.site'),
      key: 'site',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row.siteId)} data-testid={`availability-open-${row.siteId}`}>
          {row.siteName}
        </Button>
      ),
    },
    { title: t('site.fields.customer'), dataIndex: 'customerName', key: 'customer' },
    {
      title: t('site.availability.availability'),
      key: 'availability',
      align: 'end',
      render: (_, row) => (
        <Space size={4}>
          <span>{percentText(row.current.availability, lng)}</span>
          {row.targets.availability != null ? <MetTag value={row.met.availability} /> : null}
        </Space>
      ),
    },
    { title: t('site.availability.scheduled'), key: 'scheduled', align: 'end', render: (_, row) => hoursText(row.current.scheduledSeconds, lng) },
    {
      title: t('site.availability.mtta'),
      key: 'mtta',
      align: 'end',
      render: (_, row) => (
        <Space size={4}>
          <span>{minutesText(row.current.incidents[row.current.incidents.length - 1]?.mttaSeconds, lng)}</span>
          {row.targets.ackMinutes != null ? <MetTag value={row.met.ack} /> : null}
        </Space>
      ),
    },
    {
      title: t('site.availability.runsDone'),
      key: 'runsDone',
      align: 'end',
      render: (_, row) => (
        <Space size={4}>
          <span>{row.current.runs.closed ? percentText(row.current.runs.doneShare, lng) : '—'}</span>
          {row.targets.runsDone != null ? <MetTag value={row.met.runsDone} /> : null}
        </Space>
      ),
    },
    {
      title: t('site.availability.targets.title'),
      key: 'notMet',
      render: (_, row) =>
        row.targets.availability == null && row.targets.ackMinutes == null && row.targets.runsDone == null ? (
          <Typography.Text type="secondary">{t('site.availability.targets.none')}</Typography.Text>
        ) : (
          <Tag color={row.notMet ? 'volcano' : 'green'} data-testid={`availability-notmet-${row.siteId}`}>
            {row.notMet ? t('site.availability.table.notMet', { count: row.notMet }) : t('site.availability.table.allMet')}
          </Tag>
        ),
    },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="availability-table-page">
      <div className="cf-site-toolbar">
        <SiteDayPicker value={day} onChange={setDay} picker="month" placeholder={t('site.availability.table.month')} data-testid="availability-month" />
        <Typography.Text type="secondary">{t('site.availability.table.order')}</Typography.Text>
      </div>
      <QueryState query={table}>
        <ResponsiveTable<AvailabilityRow>
          size="small"
          rowKey="siteId"
          columns={columns}
          dataSource={table.data?.rows ?? []}
          loading={table.isFetching && !table.isPending}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: t('site.list.empty') }}
          scroll={{ x: 'max-content' }}
          cardTestId="availability-card"
          data-testid="availability-table"
        />
      </QueryState>
    </Space>
  );
}
