import { AppstoreOutlined, DisconnectOutlined, SyncOutlined, ThunderboltOutlined, WarningOutlined, WifiOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenSummary } from '../../api/summary';
import { formatCount } from '../../lib/format';
import { STATE_COLORS } from '../../lib/states';

interface Tile {
  key: 'total' | 'online' | 'working' | 'charging' | 'offline' | 'alarms';
  value: number;
  color: string;
  icon: ReactNode;
  note?: string;
}

/** The live counts: robots, online, working, charging, offline and open alarms. */
export function KpiTiles({ data, language }: { data: ScreenSummary; language: string }) {
  const { t } = useTranslation();
  const { counts } = data;
  const tiles: Tile[] = [
    { key: 'total', value: counts.total, color: '#29d2ff', icon: <AppstoreOutlined /> },
    { key: 'online', value: counts.online, color: '#2ee6a8', icon: <WifiOutlined /> },
    { key: 'working', value: counts.working, color: STATE_COLORS.working, icon: <SyncOutlined /> },
    { key: 'charging', value: counts.charging, color: STATE_COLORS.charging, icon: <ThunderboltOutlined /> },
    { key: 'offline', value: counts.offline, color: STATE_COLORS.offline, icon: <DisconnectOutlined /> },
    {
      key: 'alarms',
      value: data.openAlarms,
      color: STATE_COLORS.alarm,
      icon: <WarningOutlined />,
      note: t('screen.wall.alarmsToday', { count: data.alarmsToday }),
    },
  ];
  return (
    <ul className="cf-wall-kpis" aria-label={t('screen.wall.stateBreakdown')}>
      {tiles.map((tile) => (
        <li key={tile.key} className="cf-wall-kpi" style={{ ['--kpi-color' as string]: tile.color }}>
          <span className="cf-wall-kpi__icon" aria-hidden="true">
            {tile.icon}
          </span>
          <span className="cf-wall-kpi__label">{t(`screen.wall.kpi.${tile.key}`)}</span>
          <strong className="cf-wall-kpi__value" data-testid={`kpi-${tile.key}`} data-value={tile.value}>
            {formatCount(tile.value, language)}
          </strong>
          {tile.note && <span className="cf-wall-kpi__note">{tile.note}</span>}
        </li>
      ))}
    </ul>
  );
}
