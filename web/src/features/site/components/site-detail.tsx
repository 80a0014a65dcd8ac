import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { useCan } from '@/lib/use-can';
import { useIsPhone } from '@/lib/use-is-phone';
import type { Site } from '../api/sites';
import { useSite, type SiteDetail } from '../api/sites';
import { utcOffset } from '../lib/time-zones';
import { AvailabilityPanel } from './availability-panel';
import { CalendarPanel } from './calendar-panel';
import { CoveragePanel } from './coverage-panel';
import { HeatmapPanel, siteFloors } from './heatmap-panel';
import { PlanPanel } from './plan-panel';
import { ReportPanel } from './report-panel';
import { RobotsPanel } from './robots-panel';
import { StructurePanel } from './structure-panel';

const PAGE = 'site/index';
const DRAWER_WIDTH = 1080;

interface SiteDetailProps {
  siteId: number;
  onClose: () => void;
  onEdit: (site: Site) => void;
  /** The tab to open on (`?tab=availability` from the availability table). */
  tab?: string | null;
}

/** One site: its facts, then its buildings and floors, robots, plan, the schedules' coverage, a calendar, the heat
 * map, the report and its availability. */
export function SiteDetailDrawer({ siteId, onClose, onEdit, tab }: SiteDetailProps) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const can = useCan();
  const site = useSite(siteId);
  const data = site.data;
  return (
    <Drawer
      open
      size={phone ? '100%' : DRAWER_WIDTH}
      title={data ? t('site.detail.title', { name: data.siteName }) : t('site.detail.loading')}
      onClose={onClose}
      destroyOnHidden
      extra={
        data && can(`${PAGE}/edit`) ? (
          <Button icon={<EditOutlined />} onClick={() => onEdit(data)} data-testid="edit-open-site">
            {t('site.list.edit')}
          </Button>
        ) : null
      }
      data-testid="site-detail"
    >
      <QueryState query={site}>{data ? <SiteSections site={data} tab={tab} /> : null}</QueryState>
    </Drawer>
  );
}

function SiteSections({ site, tab }: { site: SiteDetail; tab?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        className="cf-site-facts"
        items={[
          { key: 'customer', label: t('site.fields.customer'), children: site.userName },
          { key: 'zone', label: t('site.fields.timeZone'), children: <bdi>{`${site.timeZone} (${utcOffset(site.timeZone)})`}</bdi> },
          { key: 'address', label: t('site.fields.address'), children: site.address || <Typography.Text type="secondary">—</Typography.Text> },
        ]}
      />
      <ResponsiveTabs
        defaultActiveKey={tab ?? undefined}
        items={[
          { key: 'structure', label: t('site.detail.tabs.structure'), children: <StructurePanel site={site} /> },
          { key: 'robots', label: t('site.detail.tabs.robots'), children: <RobotsPanel site={site} /> },
          { key: 'plan', label: t('site.detail.tabs.plan'), children: <PlanPanel site={site} /> },
          { key: 'coverage', label: t('site.detail.tabs.coverage'), children: <CoveragePanel site={site} /> },
          { key: 'calendar', label: t('site.detail.tabs.calendar'), children: <CalendarPanel site={site} /> },
          { key: 'heatmap', label: t('site.detail.tabs.heatmap'), children: <HeatmapPanel floors={siteFloors(site)} timeZone={site.timeZone} /> },
          { key: 'report', label: t('site.detail.tabs.report'), children: <ReportPanel site={site} /> },
          { key: 'availability', label: t('site.detail.tabs.availability'), children: <AvailabilityPanel site={site} /> },
        ]}
      />
    </>
  );
}
