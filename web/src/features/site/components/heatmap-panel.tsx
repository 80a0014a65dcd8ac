import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, DatePicker, Empty, Select, Skeleton, Switch, Typography } from 'antd';
import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/query-state';
import { dayParam } from '@/lib/day-range';
import type { SiteDetail } from '../api/sites';
import { MAX_HEAT_DAYS, periodRefusal, useFloorHeatMap, type DayRange, type DecodedHeatMap, type DecodedLayer } from '../api/heatmap';
import { useLayerPicture, type PictureState } from '../api/layer-picture';
import { dayIn } from '../lib/clock';
import { COUNT_ALPHA, RAMP_CSS, rampColour } from '../lib/heat-cells';
import { HeatmapCanvas } from './heatmap-canvas';
import './heatmap.css';

/** A floor the heat map may show: from a site's buildings, or from the plan items of plan against actual. */
export interface HeatFloor {
  floorId: number;
  floorName: string;
  buildingName: string;
  /** Maps tied to it, when known (a floor with none has nothing to draw). */
  maps?: number;
}

interface HeatmapPanelProps {
  floors: readonly HeatFloor[];
  /** The site's zone: its days are the period's. */
  timeZone: string;
  initialFloorId?: number | null;
  /** The period first shown (null: the server's default, the 30 days ending the site's today). */
  initialRange?: DayRange;
}

/** A site's floors, building by building, with how many maps each is tied to. */
export function siteFloors(site: Pick<SiteDetail, 'buildings'>): HeatFloor[] {
  return site.buildings.flatMap((b) => b.floors.map((f) => ({ floorId: f.floorId, floorName: f.floorName, buildingName: b.buildingName, maps: f.maps.length })));
}

/** The floors of plan items (plan against actual), each once, in the items' order. */
export function planFloors(items: readonly { planItem: { floorId: number; floorName: string; buildingName: string } }[]): HeatFloor[] {
  const seen = new Map<number, HeatFloor>();
  for (const { planItem: p } of items) if (!seen.has(p.floorId)) seen.set(p.floorId, { floorId: p.floorId, floorName: p.floorName, buildingName: p.buildingName });
  return [...seen.values()];
}

function firstFloor(floors: readonly HeatFloor[], initial: number | null | undefined): HeatFloor | null {
  return floors.find((f) => f.floorId === initial) ?? floors.find((f) => (f.maps ?? 1) > 0) ?? floors[0] ?? null;
}

/**
 * A floor's heat map for a period of the site's days (default the last 30, at most 92): for each map tied to the
 * floor, the map picture with each coverage cell coloured by how many times it was cleaned and the cells the runs
 * targeted but never reached hatched, with its figures and a text legend.
 */
export function HeatmapPanel({ floors, timeZone, initialFloorId, initialRange = null }: HeatmapPanelProps) {
  const { t } = useTranslation();
  const [floorId, setFloorId] = useState<number | null>(() => firstFloor(floors, initialFloorId)?.floorId ?? null);
  const [range, setRange] = useState<DayRange>(initialRange);
  const [showNever, setShowNever] = useState(true);
  const floor = floors.find((f) => f.floorId === floorId) ?? null;
  const heat = useFloorHeatMap(floor && (floor.maps ?? 1) > 0 ? floor.floorId : null, range);
  if (floors.length === 0) return <Empty description={t('site.heatmap.noFloors')} data-testid="heatmap-no-floors" />;
  const refusal = periodRefusal(heat.error);
  const shown = range ?? (heat.data ? ([heat.data.startDay, heat.data.endDay] as const) : null);
  return (
    <div className="cf-heatmap" data-testid="site-heatmap">
      <div className="cf-site-toolbar cf-heatmap__choices">
        <FloorChoice floors={floors} floor={floor} onChange={setFloorId} />
        <PeriodChoice value={shown} onChange={setRange} timeZone={timeZone} refusal={refusal} />
        <NeverToggle checked={showNever} onChange={setShowNever} />
      </div>
      <HeatmapBody floor={floor} heat={heat} refusal={refusal} showNever={showNever} timeZone={timeZone} />
    </div>
  );
}

function FloorChoice({ floors, floor, onChange }: { floors: readonly HeatFloor[]; floor: HeatFloor | null; onChange: (floorId: number) => void }) {
  const { t } = useTranslation();
  const buildings = [...new Set(floors.map((f) => f.buildingName))];
  const building = floor?.buildingName ?? buildings[0] ?? '';
  const inBuilding = floors.filter((f) => f.buildingName === building);
  const pickBuilding = (name: string) => {
    const next = firstFloor(floors.filter((f) => f.buildingName === name), null);
    if (next) onChange(next.floorId);
  };
  return (
    <>
      <Select<string>
        value={building}
        onChange={pickBuilding}
        options={buildings.map((b) => ({ value: b, label: b }))}
        aria-label={t('site.heatmap.building')}
        className="cf-heatmap__pick"
        data-testid="heatmap-building"
      />
      <Select<number>
        value={floor?.floorId}
        onChange={onChange}
        options={inBuilding.map((f) => ({ value: f.floorId, label: f.floorName }))}
        aria-label={t('site.heatmap.floor')}
        className="cf-heatmap__pick"
        data-testid="heatmap-floor"
      />
    </>
  );
}

interface PeriodChoiceProps {
  value: readonly [string, string] | null;
  onChange: (range: DayRange) => void;
  timeZone: string;
  refusal: string | null;
}

/** The period: whole days of the site, not past its today, at most 92 (the server refuses more, under the field). */
function PeriodChoice({ value, onChange, timeZone, refusal }: PeriodChoiceProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const disabled = (day: Dayjs, info: { from?: Dayjs }) =>
    dayParam(day) > dayIn(new Date().toISOString(), timeZone) || (info.from ? Math.abs(day.diff(info.from, 'day')) > MAX_HEAT_DAYS - 1 : false);
  return (
    <div className="cf-heatmap__period">
      <DatePicker.RangePicker
        value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
        onChange={(days) => onChange(days?.[0] && days[1] ? [dayParam(days[0]), dayParam(days[1])] : null)}
        disabledDate={disabled}
        placeholder={[t('site.heatmap.from'), t('site.heatmap.to')]}
        status={refusal ? 'error' : undefined}
        allowClear
        aria-describedby={refusal ? errorId : undefined}
        data-testid="heatmap-period"
      />
      {refusal ? (
        <div id={errorId} role="alert" className="cf-heatmap__error" data-testid="heatmap-period-error">
          {refusal}
        </div>
      ) : (
        <div className="cf-heatmap__help">{t('site.heatmap.rangeHelp', { count: MAX_HEAT_DAYS })}</div>
      )}
    </div>
  );
}

function NeverToggle({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className="cf-heatmap__toggle">
      <Switch id={id} checked={checked} onChange={onChange} size="small" data-testid="heatmap-never-toggle" />
      <label htmlFor={id}>{t('site.heatmap.showNever')}</label>
    </span>
  );
}

interface HeatmapBodyProps {
  floor: HeatFloor | null;
  heat: UseQueryResult<DecodedHeatMap>;
  refusal: string | null;
  showNever: boolean;
  timeZone: string;
}

function HeatmapBody({ floor, heat, refusal, showNever, timeZone }: HeatmapBodyProps) {
  const { t } = useTranslation();
  if (floor && floor.maps === 0) return <Empty description={t('site.heatmap.noMaps')} data-testid="heatmap-no-maps" />;
  if (refusal) return null;
  if (heat.isError && !heat.data) return <LoadFailed title={t('site.heatmap.failed')} onRetry={() => heat.refetch()} />;
  if (!heat.data) return <Skeleton active paragraph={{ rows: 6 }} data-testid="heatmap-loading" />;
  const data = heat.data;
  const layers = data.layers.filter((layer) => layer.runs > 0);
  return (
    <div className={heat.isFetching ? 'cf-heatmap__body cf-heatmap__body--fetching' : 'cf-heatmap__body'} aria-busy={heat.isFetching}>
      <PeriodLine data={data} timeZone={timeZone} />
      {layers.length === 0 ? (
        <Empty description={t('site.heatmap.empty')} data-testid="heatmap-empty" />
      ) : (
        layers.map((layer) => <LayerView key={`${layer.mapName}:${layer.robots[0]?.deviceId ?? 0}`} layer={layer} periodDays={data.days} showNever={showNever} />)
      )}
    </div>
  );
}

function PeriodLine({ data, timeZone }: { data: DecodedHeatMap; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" className="cf-heatmap__line" data-testid="heatmap-range">
      <bdi>{`${data.startDay} – ${data.endDay}`}</bdi> · {t('site.heatmap.days', { count: data.days })} · {t('site.actual.siteClock', { zone: data.timeZone ?? timeZone })}
    </Typography.Paragraph>
  );
}

function figures(layer: DecodedLayer, periodDays: number, t: TFunction, language: string) {
  const area = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return {
    runs: String(layer.runs),
    days: `${layer.days} / ${periodDays}`,
    cleaned: t('site.heatmap.area', { area: area.format(layer.cleanedArea) }),
    never: t('site.heatmap.area', { area: area.format(layer.neverReachedArea) }),
    label: t('site.heatmap.canvasLabel', {
      map: layer.mapName,
      runs: layer.runs,
      days: layer.days,
      cleaned: t('site.heatmap.area', { area: area.format(layer.cleanedArea) }),
      never: t('site.heatmap.area', { area: area.format(layer.neverReachedArea) }),
      max: layer.maxCount,
    }),
  };
}

function LayerView({ layer, periodDays, showNever }: { layer: DecodedLayer; periodDays: number; showNever: boolean }) {
  const { t, i18n } = useTranslation();
  const picture = useLayerPicture(layer);
  const shown = figures(layer, periodDays, t, i18n.language);
  const items = [
    { key: 'runs', title: t('site.heatmap.runs'), value: shown.runs },
    { key: 'days', title: t('site.heatmap.daysWithRuns'), value: shown.days },
    { key: 'cleaned', title: t('site.heatmap.cleaned'), value: shown.cleaned },
    { key: 'never', title: t('site.heatmap.neverReached'), value: shown.never },
  ];
  return (
    <section className="cf-heatmap__layer" aria-label={layer.mapName} data-testid={`heatmap-layer-${layer.mapName}`}>
      <Typography.Title level={5} className="cf-heatmap__title">
        <bdi>{layer.mapName}</bdi>
        <Typography.Text type="secondary" className="cf-heatmap__robots">
          {' '}
          · <bdi>{layer.robots.map((r) => r.deviceCode || r.deviceSerialNumber).join(', ')}</bdi>
        </Typography.Text>
      </Typography.Title>
      <dl className="cf-heatmap__figures">
        {items.map((item) => (
          <div key={item.key} className="cf-heatmap__figure">
            <dt>{item.title}</dt>
            <dd data-testid={`heatmap-${item.key}`}>
              <bdi>{item.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <Legend max={layer.maxCount} showNever={showNever} />
      <PictureNote state={picture.state} />
      {layer.skippedDays > 0 ? <Alert type="info" showIcon title={t('site.heatmap.skipped', { count: layer.skippedDays })} /> : null}
      <div className="cf-heatmap__stage">
        <HeatmapCanvas layer={layer} picture={picture.bitmap} showNever={showNever} label={shown.label} />
      </div>
    </section>
  );
}

/** What the colours mean, in words (the swatches only repeat them). */
function Legend({ max, showNever }: { max: number; showNever: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="cf-heatmap__legend" aria-label={t('site.heatmap.legend')} data-testid="heatmap-legend">
      <li>
        <span className="cf-heatmap__swatch cf-heatmap__swatch--none" aria-hidden />
        {t('site.heatmap.legendNone')}
      </li>
      <li>
        <span
          className={max > 1 ? 'cf-heatmap__swatch cf-heatmap__swatch--ramp' : 'cf-heatmap__swatch'}
          style={{ background: max > 1 ? RAMP_CSS : `rgb(${rampColour(1, 1).join(' ')})`, opacity: COUNT_ALPHA / 255 }}
          aria-hidden
        />
        {max > 1 ? t('site.heatmap.legendTimes', { count: max }) : t('site.heatmap.legendOnce')}
      </li>
      {showNever ? (
        <li>
          <span className="cf-heatmap__swatch cf-heatmap__swatch--never" aria-hidden />
          {t('site.heatmap.legendNever')}
        </li>
      ) : null}
    </ul>
  );
}

function PictureNote({ state }: { state: PictureState }) {
  const { t } = useTranslation();
  if (state === 'shown') return null;
  return (
    <Typography.Paragraph type="secondary" className="cf-heatmap__note" data-testid="heatmap-picture-note" data-state={state}>
      {t(`site.heatmap.picture.${state}`)}
    </Typography.Paragraph>
  );
}
