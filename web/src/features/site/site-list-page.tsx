import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { ResponsiveFilters } from '@/components/responsive-filters';
import { useCan } from '@/lib/use-can';
import { useSites, type Site } from './api/sites';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { AvailabilityTable } from './components/availability-table';
import { SiteDetailDrawer } from './components/site-detail';
import { SiteDialog } from './components/site-dialog';
import { SiteTable } from './components/site-table';
import './site.css';

const PAGE = 'site/index';
const PAGE_SIZE = 20;

interface Filter {
  siteName?: string;
  userId?: number;
  currentPage: number;
}

/**
 * Sites (site/index): the sites of the caller's branch, searched by name or address and by customer; add, edit
 * and delete a site; a site's detail (`?siteId=<id>`, a drawer): its buildings and floors, robots, cleaning plan,
 * how the robots' schedules serve the plan, and a calendar. The "Availability" tab (`?view=availability`) is every
 * site's month across customers, worst first, with its targets met or not.
 */
export default function SiteListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<Filter>({ currentPage: 1 });
  const [editing, setEditing] = useState<Site | 'new' | null>(null);
  const sites = useSites({ ...filter, pageSize: PAGE_SIZE });
  const openId = Number(params.get('siteId')) || null;
  const view = params.get('view') === 'availability' ? 'availability' : 'sites';
  const search = () => setFilter((f) => ({ ...f, siteName: text.trim() || undefined, currentPage: 1 }));
  const active = (filter.siteName ? 1 : 0) + (filter.userId ? 1 : 0);

  const sitesView = (
    <>
      <div className="cf-site-toolbar">
        <ResponsiveFilters active={active}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('site.list.search')}
            aria-label={t('site.list.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={search}
            style={{ width: 240 }}
            data-testid="site-search"
          />
          <OwnerFilter value={filter.userId ?? null} onChange={(userId) => setFilter((f) => ({ ...f, userId: userId ?? undefined, currentPage: 1 }))} />
          <Button icon={<SearchOutlined />} onClick={search}>
            {t('site.list.searchButton')}
          </Button>
        </ResponsiveFilters>
        {can(`${PAGE}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-site">
            {t('site.list.add')}
          </Button>
        ) : null}
      </div>
      <QueryState query={sites}>
        <SiteTable
          sites={sites.data?.list ?? []}
          total={sites.data?.total ?? 0}
          page={filter.currentPage}
          pageSize={PAGE_SIZE}
          loading={sites.isFetching && !sites.isPending}
          onPage={(currentPage) => setFilter((f) => ({ ...f, currentPage }))}
          onOpen={(site) => setParams({ siteId: String(site.siteId) })}
          onEdit={setEditing}
          filtered={active > 0}
        />
      </QueryState>
    </>
  );
  return (
    <Card size="small" title={t('site.list.title')} data-testid="site-page">
      <ResponsiveTabs
        activeKey={view}
        onChange={(key) => setParams(key === 'availability' ? { view: key } : {})}
        items={[
          { key: 'sites', label: t('site.list.title'), children: sitesView },
          {
            key: 'availability',
            label: t('site.availability.table.title'),
            children: <AvailabilityTable onOpen={(siteId) => setParams({ view: 'availability', siteId: String(siteId), tab: 'availability' })} />,
          },
        ]}
      />
      {editing ? <SiteDialog site={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {openId ? (
        <SiteDetailDrawer siteId={openId} tab={params.get('tab')} onClose={() => setParams(view === 'availability' ? { view } : {})} onEdit={setEditing} />
      ) : null}
    </Card>
  );
}
