import { UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Empty, Pagination, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LiveStatus } from '@/api/realtime';
import { useLiveEvent, useLiveStatus } from '@/lib/live/connection';
import { isPathAvailable } from '@/lib/availability';
import { useSessionStore, type SessionUser } from '@/lib/session';
import { useRobotCards, type RobotPage } from './api/robots';
import { FIRST_PAGE, todayStart } from './api/prefetch';
import { useFleetStatus } from './api/status';
import { monitorKeys } from './api/keys';
import { KpiTiles } from './components/kpi-tiles';
import { MonitorFilters, type MonitorFilterValue } from './components/monitor-filters';
import { RobotCardView } from './components/robot-card';
import { applyDeviceUpdates, changesCounts, type LiveRobotCard } from './lib/live-cards';
import { whenIdle } from '@/lib/when-idle';
import { useThrottled } from './lib/use-throttled';
import './index-page.css';
import { LoadFailed } from '@/components/query-state';

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
const PAGE_SIZES = [12, 24, 48, 96];
const SMALLEST_PAGE = 12;
const COUNTS_EVERY_MS = 10_000;
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

/** Where a robot card leads: an online robot's remote control when the user may open it, else the device's details. */
function useCardLink(user: SessionUser) {
  const remote = isPathAvailable('/device_control/index', user);
  const info = isPathAvailable('/device/info', user);
  return (card: LiveRobotCard): string | null => {
    if (remote && (card.online || !info)) return `/device_control/index?deviceId=${card.deviceId}`;
    if (info) return `/device/info?deviceId=${card.deviceId}`;
    return null;
  };
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
  const robots = useRobotCards({ ...scope, ...paging });
  const cardLink = useCardLink(user);
  const alarmsPage = isPathAvailable('/index/realWarn', user);
  const donutWanted = useIdleAfter(!robots.isPending);

  const refreshCounts = useThrottled(() => void queryClient.invalidateQueries({ queryKey: monitorKeys.status() }), COUNTS_EVERY_MS);
  useLiveEvent('devices', (updates) => {
    if (changesCounts(robots.data, updates)) refreshCounts();
    queryClient.setQueriesData<RobotPage>({ queryKey: monitorKeys.robots() }, (page) => page && applyDeviceUpdates(page, updates));
  });
  const refreshCards = useThrottled(() => void queryClient.invalidateQueries({ queryKey: monitorKeys.robots() }), COUNTS_EVERY_MS);
  useLiveEvent('alarms', () => {
    refreshCounts(); // open alarms, in the counts and on the cards
    refreshCards();
  });
  useLiveEvent('resync', () => void queryClient.invalidateQueries({ queryKey: monitorKeys.all }));

  const openCard = useCallback((href: string) => void navigate(href), [navigate]);
  const changeFilter = (next: MonitorFilterValue) => {
    setFilter(next);
    setPaging((current) => ({ ...current, currentPage: 1 }));
  };

  const cards = (robots.data?.list ?? []) as LiveRobotCard[];
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
      <Card
        title={t('monitor.robots.title')}
        extra={robots.data ? t('monitor.robots.total', { count: robots.data.total }) : null}
        className="cf-monitor__robots"
      >
        {robots.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : robots.isError && !robots.data ? (
          <LoadFailed title={t('monitor.robots.loadFailed')} onRetry={robots.refetch} retryText={t('monitor.robots.retry')} />
        ) : cards.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.robots.empty')} />
        ) : (
          <>
            <div className="cf-robot-grid" data-testid="robot-grid">
              {cards.map((card) => (
                <RobotCardView
                  key={card.deviceId}
                  card={card}
                  href={cardLink(card)}
                  onOpen={openCard}
                />
              ))}
            </div>
            {(robots.data?.total ?? 0) > SMALLEST_PAGE && (
              <Pagination
                className="cf-monitor__pages"
                current={paging.currentPage}
                pageSize={paging.pageSize}
                total={robots.data?.total ?? 0}
                pageSizeOptions={PAGE_SIZES}
                showSizeChanger
                onChange={(currentPage, pageSize) => setPaging({ currentPage, pageSize })}
              />
            )}
          </>
        )}
      </Card>
    </div>
  );
}
