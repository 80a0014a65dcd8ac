import { useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Pagination, Skeleton } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '@/components/query-state';
import { isPathAvailable } from '@/lib/availability';
import { useLiveEvent } from '@/lib/live/connection';
import type { SessionUser } from '@/lib/session';
import { monitorKeys } from '../api/keys';
import { useRobotCards, type RobotFilter, type RobotPage } from '../api/robots';
import { applyDeviceUpdates, changesCounts, REFRESH_EVERY_MS, type LiveRobotCard } from '../lib/live-cards';
import { useThrottled } from '../lib/use-throttled';
import { RobotCardView } from './robot-card';

const PAGE_SIZES = [12, 24, 48, 96];
const SMALLEST_PAGE = 12;

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

interface LiveRobotCardsProps {
  filter: RobotFilter;
  user: SessionUser;
  onPage(paging: { currentPage: number; pageSize: number }): void;
  /** A robot came online, went offline or changed state: the fleet's counts are due. */
  onCountsChanged(): void;
  /** The cards' first page has come (or failed): the page may fetch what it put off. */
  onDrawn(drawn: boolean): void;
}

/**
 * The robots' cards, kept live from the socket. Their own component, so that a robot's heartbeat (several a second
 * in a fleet) redraws the cards that changed and nothing else of the page: with the whole page redrawn on each, an
 * idle home page of 12 simulated robots cost the browser 1.9-2.0 s of CPU a 30 s (the device list: 0.16 s).
 */
export function LiveRobotCards({ filter, user, onPage, onCountsChanged, onDrawn }: LiveRobotCardsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const robots = useRobotCards(filter);
  const cardLink = useCardLink(user);
  const openCard = useCallback((href: string) => void navigate(href), [navigate]);

  useEffect(() => onDrawn(!robots.isPending), [robots.isPending, onDrawn]);
  useLiveEvent('devices', (updates) => {
    if (changesCounts(robots.data, updates)) onCountsChanged();
    queryClient.setQueriesData<RobotPage>({ queryKey: monitorKeys.robots() }, (page) => page && applyDeviceUpdates(page, updates));
  });
  const refreshCards = useThrottled(() => void queryClient.invalidateQueries({ queryKey: monitorKeys.robots() }), REFRESH_EVERY_MS);
  useLiveEvent('alarms', refreshCards); // open alarms, on the cards

  const cards = (robots.data?.list ?? []) as LiveRobotCard[];
  return (
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
              <RobotCardView key={card.deviceId} card={card} href={cardLink(card)} onOpen={openCard} />
            ))}
          </div>
          {(robots.data?.total ?? 0) > SMALLEST_PAGE && (
            <Pagination
              className="cf-monitor__pages"
              current={filter.currentPage}
              pageSize={filter.pageSize}
              total={robots.data?.total ?? 0}
              pageSizeOptions={PAGE_SIZES}
              showSizeChanger
              onChange={(currentPage, pageSize) => onPage({ currentPage, pageSize })}
            />
          )}
        </>
      )}
    </Card>
  );
}
