import { UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LiveStatus } from '@/api/realtime';
import { useLiveEvent, useLiveStatus } from '@/lib/live/connection';
import { isPathAvailable } from '@/lib/availability';
import { useSessionStore, type SessionUser } from '@/lib/session';
import { FIRST_PAGE, todayStart } from './api/prefetch';
import { useFleetStatus } from './api/status';
import { monitorKeys } from './api/keys';
import { KpiTiles } from './components/kpi-tiles';
import { MonitorFilters, type MonitorFilterValue } from './components/monitor-filters';
import { LiveRobotCards } from './components/live-robot-cards';
import { REFRESH_EVERY_MS } from './lib/live-cards';
import { whenIdle } from '@/lib/when-idle';
import { useThrottled } from './lib/use-throttled';
import './index-page.css';

// the donut's chart library (echarts) is the largest script of this page: fetched and run after the
// first paint, when idle, so it does not hold back the robot cards (issue 18 item 9)
const StateDonut = lazy(() => import('./components/state-donut'));
const DONUT_PLACEHOLDER = <Skeleton.Node active style={{ width: 150, height: 150 }} />;

/** True once `drawn` has been true and the browser has painted it and is idle. */
function useIdleAfter(drawn: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (drawn && !ready) whenIdle(() => setReady(true));
  }, [drawn, ready]);
  return ready;
}
const LEVELS = ['1', '2', '3', '4', '5'] as const;
const LIVE_COLORS: Record<LiveStatus, string> = { open: 'success', connecting: 'processing', waiting: 'warning', stopped: 'default' };

function levelKey(levelDepth: number) {
  const key = String(levelDepth);
  return (LEVELS as readonly string[]).includes(key) ? (key as (typeof LEVELS)[number]) : null;
}

function Welcome({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const level = levelKey(user.levelDepth);
  const liveStatus = useLiveStatus();
  return (
    <div className="cf-monitor__hello">
      <Avatar size={40} src={user.avatarUrl || undefined} icon={<UserOutlined />} />
      <div className="cf-monitor__who">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('monitor.welcome', { name: user.name || user.account })}
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="cf-monitor__facts">
          <Descriptions.Item label={t('monitor.account')}>{user.account}</Descriptions.Item>
          <Descriptions.Item label={t('monitor.level')}>{level ? t(`levels.${level}`) : user.levelDepth}</Descriptions.Item>
          {user.shadowId !== null && (
            <Descriptions.Item label={t('monitor.actingAs')}>{user.shadowId}</Descriptions.Item>
          )}
        </Descriptions>
      </div>
      <Tag color={LIVE_COLORS[liveStatus]} className="cf-monitor__live" data-testid="live-status" data-status={liveStatus}>
        {t(`monitor.live.${liveStatus}`)}
      </Tag>
    </div>
  );
}

/** Status monitoring: the fleet's counts, its states as a donut, and a live card per robot. */
export default function IndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionStore((s) => s.user) as SessionUser;
  const [filter, setFilter] = useState<MonitorFilterValue>({ userId: null, groupId: null });
  const [paging, setPaging] = useState(FIRST_PAGE);
  const dayStart = useMemo(() => todayStart(), []);
  const scope = {
    ...(filter.userId !== null ? { userId: filter.userId } : {}),
    ...(filter.groupId !== null ? { groupId: filter.groupId } : {}),
  };
  const status = useFleetStatus({ ...scope, dayStart });
  const alarmsPage = isPathAvailable('/index/realWarn', user);
  const [cardsDrawn, setCardsDrawn] = useState(false);
  const donutWanted = useIdleAfter(cardsDrawn);

  const refreshCounts = useThrottled(() => void queryClient.invalidateQueries({ queryKey: monitorKeys.status() }), REFRESH_EVERY_MS);
  useLiveEvent('alarms', refreshCounts); // open alarms, in the counts (the cards refresh themselves)
  useLiveEvent('resync', () => void queryClient.invalidateQueries({ queryKey: monitorKeys.all }));

  const changeFilter = (next: MonitorFilterValue) => {
    setFilter(next);
    setPaging((current) => ({ ...current, currentPage: 1 }));
  };

  return (
    <div className="cf-monitor">
      <Card size="small" className="cf-monitor__welcome">
        <Welcome user={user} />
      </Card>
      <MonitorFilters value={filter} onChange={changeFilter} />
      <div className="cf-monitor__overview">
        <KpiTiles
          status={status.data}
          isPending={status.isPending}
          isError={status.isError && !status.data}
          retry={() => void status.refetch()}
          openAlarms={alarmsPage ? () => void navigate('/index/realWarn') : null}
        />
        {status.data && status.data.total > 0 && (
          <Card size="small" title={t('monitor.donut.title')} className="cf-monitor__donut">
            {donutWanted ? (
              <Suspense fallback={DONUT_PLACEHOLDER}>
                <StateDonut status={status.data} />
              </Suspense>
            ) : (
              DONUT_PLACEHOLDER
            )}
          </Card>
        )}
      </div>
      <LiveRobotCards
        filter={{ ...scope, ...paging }}
        user={user}
        onPage={setPaging}
        onCountsChanged={refreshCounts}
        onDrawn={setCardsDrawn}
      />
    </div>
  );
}
