/**
 * device/deviceAmap: every robot at its coordinates on an offline map (the world with China's provinces,
 * from npm packages; no tiles, no network beyond our server), coloured by state; filters by state, owner
 * and name; fit-to-bounds; a card per robot (from its marker or from the list beside the map); robots
 * without coordinates listed apart. Asks again every ten seconds.
 */
import { AimOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Select, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/errors';
import type { DeviceUpdate } from '@/api/realtime';
import { useLiveEvent } from '@/lib/live/connection';
import { useDeviceLinks } from '@/lib/device-links';
import { useLanguageStore } from '@/i18n/store';
import { useDeviceMap, type DeviceMapAnswer } from './api/device-map';
import { screenKeys } from './api/keys';
import { DeviceAside } from './components/map/device-aside';
import { DevicePopup } from './components/map/device-popup';
import { ScreenChart } from './components/screen-chart';
import { matchOwnerAndText, matchStates, isLocated, ownersOf, sortForList } from './lib/filters';
import { applyDeviceUpdates } from './lib/live';
import { mapChartOption } from './lib/map-option';
import { useMapFocus } from './lib/use-map-focus';
import { loadMaps } from './lib/geo';
import { countByState, DEVICE_STATES, stateColor, type DeviceState } from './lib/states';
import './device-map.css';
import { LoadFailed } from '@/components/query-state';

/** Live updates are applied to the map at most this often (ms): heartbeats come every few seconds per robot. */
const LIVE_FLUSH_MS = 1500;

/**
 * Keeps the cached map answer live from the console's WebSocket: robots' states from `devices` events
 * (collected and applied together), and a fresh answer after alarms (they change the alarm colour) or
 * missed events. The ten-second refresh stays as the safety net.
 */
function useLiveMap(refetch: () => unknown) {
  const queryClient = useQueryClient();
  const pending = useRef<DeviceUpdate[]>([]);
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  useLiveEvent('devices', (updates) => {
    pending.current.push(...updates);
    if (timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      const batch = pending.current.splice(0);
      queryClient.setQueryData<DeviceMapAnswer>(screenKeys.deviceMap(null), (old) =>
        old ? { ...old, devices: applyDeviceUpdates(old.devices, batch) } : old,
      );
    }, LIVE_FLUSH_MS);
  });
  useLiveEvent('alarms', () => void refetch());
  useLiveEvent('resync', () => void refetch());
}


export default function DeviceMapPage() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const query = useDeviceMap();
  useLiveMap(query.refetch);
  const links = useDeviceLinks();
  const [mapsReady, setMapsReady] = useState(false);
  const [mapsFailed, setMapsFailed] = useState(false);
  const [states, setStates] = useState<DeviceState[]>([]);
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);

  useEffect(() => {
    let alive = true;
    loadMaps().then(
      () => alive && setMapsReady(true),
      () => alive && setMapsFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);

  const devices = useMemo(() => query.data?.devices ?? [], [query.data]);
  const owners = useMemo(() => ownersOf(devices), [devices]);
  const base = useMemo(() => matchOwnerAndText(devices, { ownerId, text }), [devices, ownerId, text]);
  const counts = useMemo(() => countByState(base), [base]);
  const shown = useMemo(() => sortForList(matchStates(base, states)), [base, states]);
  const located = useMemo(() => shown.filter(isLocated), [shown]);
  const unlocated = useMemo(() => shown.filter((d) => !isLocated(d)), [shown]);
  const selected = useMemo(() => devices.find((d) => d.deviceId === selectedId) ?? null, [devices, selectedId]);

  const { anchor, fit, select, onEvents, onReady } = useMapFocus({ devices, located, selected, onSelect: setSelectedId });

  const stateName = useCallback((state: string) => t(`screen.states.${state as DeviceState}`, { defaultValue: state }), [t]);
  const option = useMemo(() => mapChartOption(located, selected, stateName), [located, selected, stateName]);

  const toggleState = (state: DeviceState, on: boolean) =>
    setStates((current) => (on ? [...current, state] : current.filter((s) => s !== state)));

  if (query.isPending) {
    return (
      <div className="cf-map-pending">
        <Spin size="large" />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <LoadFailed
        title={t('screen.map.loadFailed')}
        subTitle={query.error instanceof ApiError ? query.error.message : undefined}
        onRetry={query.refetch}
        retryText={t('screen.map.retry')}
      />
    );
  }
  if (devices.length === 0) return <Empty description={t('screen.map.empty')} />;

  return (
    <div className="cf-map-page" data-testid="device-map-page">
      <div className="cf-map-toolbar" role="toolbar" aria-label={t('screen.map.filters')}>
        <div className="cf-map-states">
          {DEVICE_STATES.map((state) => (
            <button
              key={state}
              type="button"
              aria-pressed={states.includes(state)}
              onClick={() => toggleState(state, !states.includes(state))}
              className="cf-map-state"
              data-testid={`state-filter-${state}`}
            >
              <span className="cf-map-state__dot" style={{ background: stateColor(state) }} aria-hidden="true" />
              {t(`screen.states.${state}`)} <span className="cf-map-state__count">{counts[state]}</span>
            </button>
          ))}
        </div>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('screen.map.allOwners')}
          aria-label={t('screen.map.allOwners')}
          value={ownerId ?? undefined}
          onChange={(value) => setOwnerId(value ?? null)}
          options={owners.map((o) => ({ value: o.userId, label: `${o.label} · ${o.count}` }))}
          style={{ minWidth: 200 }}
          popupMatchSelectWidth={false}
          data-testid="owner-filter"
        />
        <Input
          allowClear
          placeholder={t('screen.map.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          style={{ width: 220 }}
          aria-label={t('screen.map.search')}
        />
        <Button icon={<AimOutlined />} onClick={() => fit(located)} disabled={!mapsReady} data-testid="fit-all">
          {t('screen.map.fit')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching} aria-label={t('screen.map.refresh')} />
        {query.dataUpdatedAt > 0 && (
          <span className="cf-map-updated">{t('screen.map.updated', { time: new Date(query.dataUpdatedAt).toLocaleTimeString(language) })}</span>
        )}
      </div>
      {query.isRefetchError && query.error instanceof ApiError && <Alert type="warning" showIcon message={query.error.message} />}
      {query.data?.truncated && <Alert type="info" showIcon message={t('screen.map.truncated', { count: devices.length })} />}
      <div className="cf-map-main">
        <div className="cf-map-canvas">
          {mapsFailed ? (
            <LoadFailed title={t('screen.map.loadFailed')} />
          ) : mapsReady ? (
            <ScreenChart
              option={option}
              label={t('screen.map.mapLabel')}
              className="cf-map-chart"
              testId="device-map"
              data={{ 'data-markers': located.length }}
              onReady={onReady}
              onEvents={onEvents as never}
            />
          ) : (
            <div className="cf-map-pending">
              <Spin />
            </div>
          )}
          {selected && <DevicePopup device={selected} anchor={anchor} deviceLink={links.deviceInfo} language={language} onClose={() => setSelectedId(null)} />}
          <div className="cf-map-legend" aria-hidden="true">
            {t('screen.map.offlineBase')}
          </div>
        </div>
        <DeviceAside located={located} unlocated={unlocated} selectedId={selectedId} onSelect={select} />
      </div>
    </div>
  );
}
