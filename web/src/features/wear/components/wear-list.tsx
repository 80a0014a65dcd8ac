import { Button, Card, Pagination, Select, Space, Statistic, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '@/components/query-state';
import { ResponsiveFilters } from '@/components/responsive-filters';
import { ResponsiveTable } from '@/components/responsive-table';
import { consumableName } from '@/lib/consumable-name';
import { useDeviceLinks } from '@/lib/device-links';
import { wearPartName, wearRangeText, wearSureText, wearTone } from '@/lib/wear-parts';
import { useWearList, type FleetPart, type WearFilter, type WearKind, type WearPage } from '../api/wear';
import { grouped } from '../lib/groups';

const KINDS: readonly WearKind[] = ['dust_bag', 'edge_brush', 'filter', 'roller_brush', 'thin_edge_brush', 'thin_roller_brush', 'wheel_rubber', 'maintenance'];
const WITHIN = [7, 14, 30, 60] as const;
const PAGE_SIZE = 50;
const TONE_COLOR = { danger: 'error', warning: 'warning', normal: 'processing', muted: 'default' } as const;
const FILTER_WIDTH = { minWidth: 170 };

type Order = WearPage['order'][number];

function useColumns(page: WearPage): ColumnsType<FleetPart> {
  const { t } = useTranslation();
  const links = useDeviceLinks();
  return [
    {
      key: 'robot',
      title: t('wear.columns.robot'),
      render: (_, row) =>
        links.deviceInfo ? <Link to={links.deviceInfo(row.deviceId)}>{row.deviceName}</Link> : row.deviceName,
    },
    { key: 'site', title: t('wear.columns.site'), render: (_, row) => row.siteName ?? t('wear.noSite') },
    { key: 'part', title: t('wear.columns.part'), render: (_, row) => wearPartName(t, row) },
    {
      key: 'due',
      title: t('wear.columns.due'),
      render: (_, row) => <Tag color={TONE_COLOR[wearTone(page.today, row)]}>{row.state === 'dated' ? row.dueDate : t(`wear.states.${row.state}`)}</Tag>,
    },
    { key: 'range', title: t('wear.columns.range'), render: (_, row) => (row.state === 'dated' ? wearRangeText(t, row) : '—') },
    { key: 'sure', title: t('wear.columns.sure'), render: (_, row) => wearSureText(t, row) },
    { key: 'use', title: t('wear.columns.use'), render: (_, row) => t('wear.rate', { hours: row.rate.toFixed(1) }) },
  ];
}

function OrderTable({ rows }: { rows: Order[] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('wear.order.title')} data-testid="wear-order">
      <ResponsiveTable<Order>
        size="small"
        rowKey={(row) => `${row.siteId ?? 0}-${row.kind}-${row.name}`}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('wear.order.empty') }}
        columns={[
          { key: 'site', title: t('wear.columns.site'), render: (_, row) => row.siteName ?? t('wear.noSite') },
          { key: 'part', title: t('wear.columns.part'), render: (_, row) => (row.kind === 'maintenance' ? row.name : consumableName(t, row.kind, row.name)) },
          { key: 'thisWeek', title: t('wear.order.thisWeek'), dataIndex: 'thisWeek' },
          { key: 'nextWeek', title: t('wear.order.nextWeek'), dataIndex: 'nextWeek' },
        ]}
      />
    </Card>
  );
}

function Groups({ page }: { page: WearPage }) {
  const { t } = useTranslation();
  const columns = useColumns(page);
  return (
    <>
      {grouped(page).map(([group, rows]) => (
        <section key={group} aria-labelledby={`wear-group-${group}`} data-testid={`wear-group-${group}`}>
          <Typography.Title level={2} id={`wear-group-${group}`} style={{ fontSize: 16, margin: '8px 0' }}>
            {t(`wear.groups.${group}`)}
          </Typography.Title>
          <ResponsiveTable<FleetPart>
            size="small"
            rowKey={(row) => `${row.deviceId}-${row.part}`}
            dataSource={rows}
            columns={columns}
            pagination={false}
            cardTestId="wear-card"
            data-testid={`wear-table-${group}`}
          />
        </section>
      ))}
    </>
  );
}

/** The branch's forecasts: counts by week, what to order per site, and the parts by date in week groups. */
export function WearList() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<WearFilter>({ pageSize: PAGE_SIZE, currentPage: 1 });
  const list = useWearList(filter);
  const page = list.data;
  const sites = page?.sites ?? [];
  const change = (next: Partial<WearFilter>) => setFilter((f) => ({ ...f, ...next, currentPage: 1 }));
  const active = [filter.siteId, filter.kind, filter.withinDays].filter((v) => v !== undefined).length;
  const filtered = active > 0;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="wear-list">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('wear.page.hint')} {t('wear.page.refreshed')}
      </Typography.Paragraph>
      <ResponsiveFilters active={active} data-testid="wear-filters">
        {sites.length > 0 || filter.siteId !== undefined ? (
          <Select
            allowClear
            aria-label={t('wear.filters.site')}
            placeholder={t('wear.filters.site')}
            style={FILTER_WIDTH}
            value={filter.siteId}
            onChange={(siteId?: number) => change({ siteId })}
            options={sites.map((s) => ({ value: s.siteId, label: s.siteName }))}
            data-testid="wear-site"
          />
        ) : null}
        <Select
          allowClear
          aria-label={t('wear.filters.kind')}
          placeholder={t('wear.filters.kind')}
          style={FILTER_WIDTH}
          value={filter.kind ?? undefined}
          onChange={(kind?: WearKind) => change({ kind })}
          options={KINDS.map((kind) => ({ value: kind, label: kind === 'maintenance' ? t('wear.maintenance') : consumableName(t, kind) }))}
          data-testid="wear-kind"
        />
        <Select
          allowClear
          aria-label={t('wear.filters.within')}
          placeholder={t('wear.filters.within')}
          style={FILTER_WIDTH}
          value={filter.withinDays ?? undefined}
          onChange={(withinDays?: number) => change({ withinDays })}
          options={WITHIN.map((days) => ({ value: days, label: t('wear.filters.withinDays', { days }) }))}
          data-testid="wear-within"
        />
        {filtered ? <Button onClick={() => setFilter({ pageSize: PAGE_SIZE, currentPage: 1 })}>{t('wear.filters.reset')}</Button> : null}
      </ResponsiveFilters>
      <QueryState query={list} rows={8} empty={Boolean(page && page.total === 0)} emptyText={filtered ? t('wear.list.noMatch') : t('wear.list.empty')} failedTitle={t('wear.list.loadFailed')}>
        {page ? (
          <>
            <div className="cf-wear__counts" data-testid="wear-counts">
              <Statistic title={t('wear.groups.thisWeek')} value={page.thisWeek} />
              <Statistic title={t('wear.groups.nextWeek')} value={page.nextWeek} />
              <Statistic title={t('wear.groups.later')} value={page.later} />
              <Statistic title={t('wear.groups.undated')} value={page.undated} />
            </div>
            <OrderTable rows={page.order} />
            <Groups page={page} />
            {page.total > page.pageSize ? (
              <Pagination
                current={page.pageNum}
                pageSize={page.pageSize}
                total={page.total}
                showSizeChanger={false}
                onChange={(currentPage) => setFilter((f) => ({ ...f, currentPage }))}
              />
            ) : null}
          </>
        ) : null}
      </QueryState>
    </Space>
  );
}
