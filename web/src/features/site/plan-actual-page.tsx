import { Card, Segmented, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { isPathAvailable } from '@/lib/availability';
import { useSessionStore } from '@/lib/session';
import { useActualDetail, useActualSummary, type ActualDetail, type ActualSummary, type Period } from './api/actual';
import { useSiteOptions } from './api/sites';
import { countsByDay, stateCounts } from './lib/actual-chart';
import { dayWeekdayName } from './lib/clock';
import { ActualChart, ActualNumbers } from './components/actual-figures';
import { ActualRuns } from './components/actual-runs';
import { ActualSites } from './components/actual-sites';
import { HeatmapButton } from './components/heatmap-drawer';
import { SiteDayPicker } from './components/site-day-picker';
import './site.css';

const PERIODS = ['day', 'week', 'month'] as const satisfies readonly Period[];

function periodOf(text: string | null): Period {
  return (PERIODS as readonly string[]).includes(text ?? '') ? (text as Period) : 'day';
}

/**
 * Plan against actual (site/actual): a site, or every site of the branch, over a day, week or month on each
 * site's own clock (`?siteId=&period=&day=`): the numbers by state, a chart by day (one site; all sites over a
 * week or a month too) and by site (all),
 * and one site's planned runs with their states, runs and reasons.
 */
export default function PlanActualPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const siteId = Number(params.get('siteId')) || null;
  const period = periodOf(params.get('period'));
  const day = params.get('day');
  const options = useSiteOptions();
  const summary = useActualSummary(period, day, siteId === null);
  const detail = useActualDetail(siteId, period, day);
  const change = (next: { siteId?: number | null; period?: Period; day?: string | null }) => {
    const merged = { siteId, period, day, ...next };
    const search = new URLSearchParams();
    if (merged.siteId) search.set('siteId', String(merged.siteId));
    if (merged.period !== 'day') search.set('period', merged.period);
    if (merged.day) search.set('day', merged.day);
    setParams(search);
  };
  const choices = [{ value: 0, label: t('site.actual.allSites') }, ...(options.data ?? []).map((s) => ({ value: s.siteId, label: s.siteName }))];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="plan-actual-page">
      <Card size="small">
        <div className="cf-site-choices">
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            value={siteId ?? 0}
            onChange={(id) => change({ siteId: id || null })}
            options={choices}
            loading={options.isPending}
            aria-label={t('site.actual.site')}
            style={{ minWidth: 240 }}
            data-testid="actual-site"
          />
          <div className="cf-scrolls-x">
            <Segmented<Period>
              value={period}
              onChange={(next) => change({ period: next, day: null })}
              options={PERIODS.map((p) => ({ value: p, label: t(`site.actual.periods.${p}`) }))}
              aria-label={t('site.actual.period')}
              data-testid="actual-period"
            />
          </div>
          <SiteDayPicker
            value={day}
            onChange={(next) => change({ day: next })}
            picker={period === 'month' ? 'month' : 'date'}
            placeholder={t(`site.actual.current.${period}`)}
            data-testid="actual-day"
          />
        </div>
      </Card>
      {siteId === null ? (
        <QueryState query={summary} empty={summary.data?.sites.length === 0} emptyText={t('site.actual.noSites')}>
          {summary.data ? <AllSites summary={summary.data} onSite={(id) => change({ siteId: id })} /> : null}
        </QueryState>
      ) : (
        <QueryState query={detail}>{detail.data ? <OneSite detail={detail.data} /> : null}</QueryState>
      )}
    </Space>
  );
}

function dayLabel(day: string, period: Period, language: string): string {
  return period === 'month' ? day.slice(8) : `${dayWeekdayName(day, language)} ${day.slice(5)}`;
}

function AllSites({ summary, onSite }: { summary: ActualSummary; onSite: (siteId: number) => void }) {
  const { t, i18n } = useTranslation();
  const bars = summary.sites.map((s) => ({ key: String(s.siteId), label: s.siteName, counts: stateCounts(s.counts) }));
  // a week or a month: every site's planned runs by day too (each site's days on its own clock)
  const days = summary.period === 'day' ? [] : summary.days.map((d) => ({ key: d.day, label: dayLabel(d.day, summary.period, i18n.language), counts: stateCounts(d.counts) }));
  return (
    <>
      <ActualNumbers counts={summary.total} />
      {days.length > 1 ? <ActualChart title={t('site.actual.chartDays')} labelTitle={t('site.actual.day')} bars={days} testId="actual-days-chart" /> : null}
      <ActualChart title={t('site.actual.chartSites')} labelTitle={t('site.actual.site')} bars={bars} />
      <Card size="small" title={t('site.actual.sitesTitle')}>
        <ActualSites sites={summary.sites} onSite={onSite} />
      </Card>
    </>
  );
}

function OneSite({ detail }: { detail: ActualDetail }) {
  const { t, i18n } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const bars = countsByDay(detail, (d) => dayLabel(d, detail.period, i18n.language));
  const range = detail.start === detail.end ? detail.start : `${detail.start} – ${detail.end}`;
  return (
    <>
      <div className="cf-site-toolbar" style={{ marginBottom: 0, alignItems: 'center' }}>
        <Typography.Text type="secondary" data-testid="actual-range">
          {isPathAvailable('/site/index', user) ? <Link to={`/site/index?siteId=${detail.siteId}`} className="cf-site-text-link">{detail.siteName}</Link> : detail.siteName} ·{' '}
          <bdi>{range}</bdi> · {t('site.actual.siteClock', { zone: detail.timeZone })}
        </Typography.Text>
        <HeatmapButton detail={detail} />
      </div>
      <ActualNumbers counts={detail.counts} />
      <ActualChart title={t('site.actual.chartDays')} labelTitle={t('site.actual.day')} bars={bars} />
      <Card size="small" title={t('site.actual.runsTitle')}>
        <ActualRuns detail={detail} />
      </Card>
    </>
  );
}
