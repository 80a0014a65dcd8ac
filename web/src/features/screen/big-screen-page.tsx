/**
 * /bigScreen: the fleet on a wall (outside the layout; sign-in only, like the index page). One call
 * (/api/screen/summary), asked again within about a second of a live event that changes what it shows
 * (the console's WebSocket, held by the wall too) and every 30 s (10 s without the socket): live counts, online rate, cleaned area today, this week and per
 * day, robots per country and per province of China on offline maps, and the latest alarms scrolling.
 * Laid out for 1920×1080 and still readable at 1366×768. `?userId=` narrows it to a user's subtree.
 */
import { ArrowLeftOutlined, CompressOutlined, ExpandOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@/api/errors';
import { useCountryName } from '@/lib/place-names';
import { useSessionStore } from '@/lib/session';
import { usePageTitle } from '@/components/use-page-title';
import { useLanguageStore } from '@/i18n/store';
import { useScreenSummary, type ScreenSummary } from './api/summary';
import { screenKeys } from './api/keys';
import { ScreenChart } from './components/screen-chart';
import { useWallLive } from './components/use-wall-live';
import { AlarmTicker } from './components/wall/alarm-ticker';
import { KpiTiles } from './components/wall/kpi-tiles';
import { RegionRanking } from './components/wall/region-ranking';
import { StateBreakdown } from './components/wall/state-breakdown';
import { WallClock } from './components/wall/wall-clock';
import { WallPanel } from './components/wall/wall-panel';
import { formatArea, formatCount, formatDay, formatRate } from './lib/format';
import { CHINA_MAP, CHINA_OUTLINE, loadMaps, WORLD_MAP } from './lib/geo';
import { countryRegions, provinceLabel, provinceRegions, type RegionValue } from './lib/regions';
import { areaChart, onlineRing, regionMap } from './lib/wall-options';
import './big-screen.css';

function userIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

function useFullscreen(): [boolean, () => void] {
  const [active, setActive] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = useCallback(() => {
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  }, []);
  return [active, toggle];
}

/** A figure of the cleaned-area panel: its label, the value and an optional unit. */
function Figure({ label, value, unit, testId }: { label: string; value: string; unit?: string; testId?: string }) {
  return (
    <div className="cf-wall-figure">
      <span className="cf-wall-figure__label">{label}</span>
      <strong className="cf-wall-figure__value" data-testid={testId}>
        {value}
        {unit && <small>{unit}</small>}
      </strong>
    </div>
  );
}

function RegionMapPanel(props: {
  title: string;
  testId: string;
  map: string;
  regions: readonly RegionValue[];
  unplaced: number;
  ready: boolean;
  nameOf: (region: string) => string;
  language: string;
}) {
  const { t } = useTranslation();
  const { regions, nameOf, language } = props;
  const option = useMemo(
    () =>
      regionMap({
        map: props.map,
        regions,
        nameOf,
        tooltip: (name, region) =>
          region
            ? `<strong>${name}</strong><br/>${t('screen.wall.tooltipRobots', { count: region.value })}<br/>${t('screen.wall.tooltipOnline', { count: region.online })}`
            : name,
      }),
    [props.map, regions, nameOf, t],
  );
  return (
    <WallPanel
      title={props.title}
      testId={props.testId}
      className="cf-wall-panel--map"
      extra={props.unplaced > 0 ? <span className="cf-wall-muted">{t('screen.wall.unplaced', { count: props.unplaced })}</span> : null}
    >
      {props.ready ? (
        <ScreenChart option={option} label={props.title} className="cf-wall-chart" testId={`${props.testId}-chart`} />
      ) : (
        <div className="cf-wall-center">
          <span className="cf-wall-spinner" aria-hidden="true" />
        </div>
      )}
      {regions.length === 0 && <p className="cf-wall-overlay">{t('screen.wall.noPlaces')}</p>}
      <span className="cf-visually-hidden">{regions.map((r) => `${nameOf(r.name)}: ${formatCount(r.value, language)}`).join(', ')}</span>
    </WallPanel>
  );
}

function Wall({ data, language, mapsReady }: { data: ScreenSummary; language: string; mapsReady: boolean }) {
  const { t } = useTranslation();
  const countryNameOr = useCountryName();
  const countryName = useCallback((code: string) => countryNameOr(code, code), [countryNameOr]);
  // the China map's outline region is the country itself (its islands and the South China Sea)
  const provinceName = useCallback(
    (adcode: string) => (adcode === CHINA_OUTLINE ? countryName(adcode) : provinceLabel(adcode, language)),
    [countryName, language],
  );
  const countries = useMemo(() => countryRegions(data.byCountry), [data.byCountry]);
  const provinces = useMemo(() => provinceRegions(data.byProvince), [data.byProvince]);
  const ring = useMemo(() => onlineRing(data.onlineRate, formatRate(data.onlineRate, language), t('screen.wall.onlineRate')), [data.onlineRate, language, t]);
  // one notation for every label of the axis (and its tooltip), chosen by the largest day
  const compactAxis = data.days.some((day) => Math.abs(day.area) >= 100_000);
  const area = useMemo(
    () =>
      areaChart(
        data.days,
        { area: t('screen.wall.area.perDay'), tasks: t('screen.wall.area.tasks') },
        (day) => formatDay(day, language),
        (m2) => formatArea(m2, language, compactAxis),
      ),
    [data.days, language, t, compactAxis],
  );

  return (
    <main className="cf-wall__body">
      <div className="cf-wall__col">
        <WallPanel title={t('screen.wall.onlineRate')} className="cf-wall-panel--rate" testId="wall-rate">
          <div className="cf-wall-rate">
            <ScreenChart option={ring} label={`${t('screen.wall.onlineRate')} ${formatRate(data.onlineRate, language)}`} className="cf-wall-rate__ring" />
            <StateBreakdown counts={data.counts} language={language} />
          </div>
        </WallPanel>
        <WallPanel title={t('screen.wall.area.title')} className="cf-wall-panel--area" testId="wall-area">
          <div className="cf-wall-figures">
            <Figure label={t('screen.wall.area.today')} value={formatArea(data.areaToday, language)} unit={t('screen.wall.area.unit')} testId="area-today" />
            <Figure label={t('screen.wall.area.week')} value={formatArea(data.areaWeek, language)} unit={t('screen.wall.area.unit')} testId="area-week" />
            <Figure label={t('screen.wall.area.tasksToday')} value={formatCount(data.tasksToday, language)} />
          </div>
          <ScreenChart option={area} label={t('screen.wall.area.chart')} className="cf-wall-chart" testId="wall-area-chart" />
        </WallPanel>
      </div>
      <div className="cf-wall__col cf-wall__col--center">
        <KpiTiles data={data} language={language} />
        <RegionMapPanel
          title={t('screen.wall.worldMap')}
          testId="wall-world"
          map={WORLD_MAP}
          regions={countries.regions}
          unplaced={countries.unplaced}
          ready={mapsReady}
          nameOf={countryName}
          language={language}
        />
        <WallPanel title={t('screen.wall.topRegions')} className="cf-wall-panel--ranking">
          <div className="cf-wall-rankings">
            <RegionRanking title={t('screen.wall.countries')} regions={countries.regions} nameOf={countryName} language={language} testId="rank-countries" />
            <RegionRanking title={t('screen.wall.provinces')} regions={provinces.regions} nameOf={provinceName} language={language} testId="rank-provinces" />
          </div>
        </WallPanel>
      </div>
      <div className="cf-wall__col">
        <RegionMapPanel
          title={t('screen.wall.chinaMap')}
          testId="wall-china"
          map={CHINA_MAP}
          regions={provinces.regions}
          unplaced={provinces.unplaced}
          ready={mapsReady}
          nameOf={provinceName}
          language={language}
        />
        <WallPanel title={t('screen.wall.alarms.title')} className="cf-wall-panel--alarms" testId="wall-alarms-panel">
          <AlarmTicker alarms={data.latestAlarms} language={language} />
        </WallPanel>
      </div>
    </main>
  );
}

export default function BigScreenPage() {
  const { t } = useTranslation();
  usePageTitle(t('routes.bigScreen'));
  const language = useLanguageStore((s) => s.language);
  const user = useSessionStore((s) => s.user);
  const [params] = useSearchParams();
  const userId = userIdParam(params.get('userId'));
  const queryClient = useQueryClient();
  const live = useWallLive(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: screenKeys.summary(userId ?? null) }), [queryClient, userId]),
  );
  const query = useScreenSummary(userId, live);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const [mapsReady, setMapsReady] = useState(false);

  useEffect(() => {
    let alive = true;
    loadMaps().then(
      () => alive && setMapsReady(true),
      () => undefined, // the maps stay empty; counts, charts and alarms still show
    );
    return () => {
      alive = false;
    };
  }, []);

  const updatedAt = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null;
  const failing = query.isError; // a failed refetch too (the last answer stays on the wall)

  let content;
  if (query.data) {
    content = <Wall data={query.data} language={language} mapsReady={mapsReady} />;
  } else if (query.isError) {
    content = (
      <div className="cf-wall-center" role="alert">
        <p className="cf-wall-error__title">{t('screen.wall.loadFailed')}</p>
        {query.error instanceof ApiError && <p className="cf-wall-muted">{query.error.message}</p>}
        <button type="button" className="cf-wall-button" onClick={() => void query.refetch()}>
          <ReloadOutlined /> {t('screen.wall.retry')}
        </button>
      </div>
    );
  } else {
    content = (
      <output className="cf-wall-center">
        <span className="cf-wall-spinner" aria-hidden="true" />
        <span className="cf-wall-muted">{t('screen.wall.loading')}</span>
      </output>
    );
  }

  return (
    <div className="cf-wall" data-testid="big-screen">
      <header className="cf-wall__header">
        <div className="cf-wall__brand">
          <span className="cf-wall__mark" aria-hidden="true" />
          <span className="cf-wall__org">{user?.name || user?.account}</span>
        </div>
        <h1 className="cf-wall__title">{t('screen.wall.title')}</h1>
        <div className="cf-wall__tools">
          <WallClock language={language} />
          <output className={failing ? 'cf-wall__status cf-wall__status--bad' : 'cf-wall__status'} data-testid="wall-status">
            {failing
              ? t('screen.wall.reconnecting')
              : updatedAt
                ? t('screen.wall.updated', { time: new Intl.DateTimeFormat(language, { timeStyle: 'medium', hourCycle: 'h23' }).format(updatedAt) })
                : ''}
          </output>
          {document.fullscreenEnabled && (
            <button
              type="button"
              className="cf-wall__icon"
              title={fullscreen ? t('screen.wall.exitFullscreen') : t('screen.wall.fullscreen')}
              aria-label={fullscreen ? t('screen.wall.exitFullscreen') : t('screen.wall.fullscreen')}
              onClick={toggleFullscreen}
            >
              {fullscreen ? <CompressOutlined /> : <ExpandOutlined />}
            </button>
          )}
          <Link to="/index" title={t('screen.wall.back')} aria-label={t('screen.wall.back')} className="cf-wall__icon">
            <ArrowLeftOutlined />
          </Link>
        </div>
      </header>
      {content}
    </div>
  );
}
