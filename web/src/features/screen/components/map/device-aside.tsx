import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapDevice } from '../../api/device-map';
import { stateColor } from '../../lib/states';

interface DeviceAsideProps {
  located: readonly MapDevice[];
  unlocated: readonly MapDevice[];
  selectedId: number | null;
  onSelect: (device: MapDevice) => void;
}

function RobotList({ robots, selectedId, onSelect, testId }: { robots: readonly MapDevice[]; selectedId: number | null; onSelect: (d: MapDevice) => void; testId: string }) {
  const { t } = useTranslation();
  if (robots.length === 0) return <p className="cf-map-aside__empty">{t('screen.map.nothingMatches')}</p>;
  return (
    <ul className="cf-map-aside__list" data-testid={testId}>
      {robots.map((robot) => (
        <li key={robot.deviceId}>
          <button
            type="button"
            className={robot.deviceId === selectedId ? 'cf-map-robot cf-map-robot--selected' : 'cf-map-robot'}
            onClick={() => onSelect(robot)}
            aria-pressed={robot.deviceId === selectedId}
            data-testid={`map-robot-${robot.deviceId}`}
          >
            <span className="cf-map-robot__dot" style={{ background: stateColor(robot.state) }} aria-hidden="true" />
            <span className="cf-map-robot__text">
              <span className="cf-map-robot__name">{robot.deviceCode}</span>
              <span className="cf-map-robot__meta" dir="auto">
                {robot.deviceSerialNumber} · {robot.userName || robot.account}
              </span>
            </span>
            <span className="cf-map-robot__state">{t(`screen.states.${robot.state as 'idle'}`, { defaultValue: robot.state })}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The robots beside the map: those on it, and those without a location. */
export function DeviceAside({ located, unlocated, selectedId, onSelect }: DeviceAsideProps) {
  const { t } = useTranslation();
  const [list, setList] = useState<'located' | 'unlocated'>('located');
  return (
    <aside className="cf-map-aside" aria-label={t('screen.map.listLabel')}>
      <Segmented<'located' | 'unlocated'>
        block
        size="small"
        className="cf-map-aside__switch"
        value={list}
        onChange={setList}
        options={[
          { value: 'located', label: t('screen.map.onMap', { count: located.length }) },
          { value: 'unlocated', label: <span data-testid="tab-unlocated">{t('screen.map.noLocation', { count: unlocated.length })}</span> },
        ]}
      />
      <div className="cf-map-aside__scroll">
        {list === 'located' ? (
          <RobotList robots={located} selectedId={selectedId} onSelect={onSelect} testId="map-list-located" />
        ) : (
          <RobotList robots={unlocated} selectedId={selectedId} onSelect={onSelect} testId="map-list-unlocated" />
        )}
      </div>
    </aside>
  );
}
