import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/responsive-table';
import type { SiteActual } from '../api/actual';
import { RUN_STATES, shareText } from '../lib/states';

/** Every site's period with its numbers by state; a site's name opens its planned runs. */
export function ActualSites({ sites, onSite }: { sites: readonly SiteActual[]; onSite: (siteId: number) => void }) {
  const { t, i18n } = useTranslation();
  const columns: ColumnsType<SiteActual> = [
    {
      title: t('site.actual.site'),
      key: 'site',
      render: (_, s) => (
        <Button type="link" className="cf-site-name" onClick={() => onSite(s.siteId)} data-testid={`actual-open-${s.siteName}`}>
          {s.siteName}
        </Button>
      ),
    },
    { title: t('site.actual.period'), key: 'range', render: (_, s) => <bdi>{s.start === s.end ? s.start : `${s.start} – ${s.end}`}</bdi> },
    { title: t('site.actual.planned'), key: 'planned', align: 'end', render: (_, s) => s.counts.planned },
    ...RUN_STATES.map((state) => ({ title: t(`site.states.${state}`), key: state, align: 'end' as const, render: (_: unknown, s: SiteActual) => s.counts[state] })),
    { title: t('site.actual.doneShare'), key: 'share', align: 'end', render: (_, s) => (s.counts.closed ? shareText(s.counts.doneShare, i18n.language) : '—') },
  ];
  return (
    <ResponsiveTable<SiteActual>
      size="small"
      rowKey="siteId"
      columns={columns}
      dataSource={[...sites]}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      cardTestId="actual-site"
      data-testid="actual-sites"
    />
  );
}
