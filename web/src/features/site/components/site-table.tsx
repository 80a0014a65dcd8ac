import { EditOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import { useFixedActions } from '@/lib/use-fixed-actions';
import { tableWidth } from '@/lib/table-width';
import { actionsColumnWidth, textWidth } from '@/lib/text-width';
import { useDeleteSite } from '../api/sites';
import type { Site } from '../api/sites';
import { utcOffset } from '../lib/time-zones';

const PAGE = 'site/index';
const WIDTHS = { name: 210, customer: 150, zone: 140 } as const;

/** A count column as wide as its title's longest word in the reader's language (bold: a tenth wider), never cut. */
function countWidth(title: string): number {
  const longest = Math.max(...title.split(/[\s\u00AD]+/).map((word) => textWidth(word)));
  return Math.max(72, Math.ceil(longest * 1.1) + 34);
}

interface SiteTableProps {
  sites: Site[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  onOpen: (site: Site) => void;
  onEdit: (site: Site) => void;
  /** A search or a customer is chosen: an empty list says nothing matches. */
  filtered: boolean;
}

/** A column of one of a site's counts, right-aligned. */
function countColumn(key: 'buildingCount' | 'floorCount' | 'robotCount' | 'planItemCount', title: string) {
  return { title, dataIndex: key, key, width: countWidth(title), align: 'end' as const };
}

/** The sites with their counts; a site's name opens its detail, edit and delete behind their keys. */
export function SiteTable({ sites, total, page, pageSize, loading, onPage, onOpen, onEdit, filtered }: SiteTableProps) {
  const { t } = useTranslation();
  const can = useCan();
  const remove = useDeleteSite();
  const fixedActions = useFixedActions();
  const columns: ColumnsType<Site> = [
    {
      title: t('site.fields.siteName'),
      key: 'name',
      width: WIDTHS.name,
      ellipsis: true,
      render: (_, s) => (
        <div>
          <Button type="link" className="cf-site-name" onClick={() => onOpen(s)} data-testid={`open-site-${s.siteName}`}>
            {s.siteName}
          </Button>
          {s.address ? (
            <div>
              <Typography.Text type="secondary" title={s.address}>
                {s.address}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    { title: t('site.fields.customer'), dataIndex: 'userName', key: 'customer', width: WIDTHS.customer, ellipsis: true },
    {
      title: t('site.fields.timeZone'),
      key: 'zone',
      width: WIDTHS.zone,
      render: (_, s) => (
        <div>
          <bdi>{s.timeZone}</bdi>
          <div>
            <Typography.Text type="secondary">
              <bdi>{utcOffset(s.timeZone)}</bdi>
            </Typography.Text>
          </div>
        </div>
      ),
    },
    countColumn('buildingCount', t('site.fields.buildings')),
    countColumn('floorCount', t('site.fields.floors')),
    countColumn('robotCount', t('site.fields.robots')),
    countColumn('planItemCount', t('site.fields.planItems')),
  ];
  const labels = [t('site.list.open'), ...(can(`${PAGE}/edit`) ? [t('site.list.edit')] : [])];
  columns.push({
    title: t('site.list.actions'),
    key: 'actions',
    fixed: fixedActions,
    width: actionsColumnWidth(labels, labels.length, 120) + (can(`${PAGE}/delete`) ? 28 : 0),
    render: (_, s) => (
      <Space size={4}>
        <Button size="small" type="link" icon={<ProfileOutlined />} onClick={() => onOpen(s)} data-testid={`site-detail-${s.siteName}`}>
          {t('site.list.open')}
        </Button>
        {can(`${PAGE}/edit`) ? (
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(s)} data-testid={`edit-site-${s.siteName}`}>
            {t('site.list.edit')}
          </Button>
        ) : null}
        {can(`${PAGE}/delete`) ? (
          <DeleteButton
            confirm={t('site.list.deleteConfirm', { name: s.siteName })}
            successText={t('site.list.deleted')}
            onDelete={() => remove.mutateAsync({ siteId: s.siteId })}
            testId={`delete-site-${s.siteName}`}
          />
        ) : null}
      </Space>
    ),
  });

  return (
    <ResponsiveTable<Site>
      rowKey="siteId"
      columns={columns}
      dataSource={sites}
      loading={loading}
      scroll={{ x: tableWidth(columns) }}
      locale={{ emptyText: filtered ? t('site.list.noMatch') : t('site.list.empty') }}
      cardTestId="site-card"
      data-testid="site-table"
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPage, hideOnSinglePage: true }}
    />
  );
}
