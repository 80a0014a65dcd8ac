import { Card, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceHealth, type DeviceHealth, type HealthIndicator } from '@/api/robothealth/health';
import { GradeTag, HealthReasons, indicatorValue } from '@/components/health-reasons';
import { LoadFailed } from '@/components/query-state';

/**
 * A robot's health against its peers (issue 36 item 3) on the device page: its grade, the peer group, each indicator
 * drawn against the peers' usual range (median ± 2 spreads) with the figures in words beside it, and the reasons.
 */
export function HealthPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const health = useDeviceHealth(deviceId);
  return (
    <Card size="small" title={t('health.panel.title')} data-testid="health-panel" id="health">
      {health.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : health.isError && !health.data ? (
        <LoadFailed title={t('health.page.failed')} onRetry={health.refetch} />
      ) : health.data?.health ? (
        <HealthFigures health={health.data.health} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('health.panel.notYet')} />
      )}
    </Card>
  );
}

function HealthFigures({ health }: { health: DeviceHealth }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div>
        <GradeTag grade={health.grade} />{' '}
        <Typography.Text type="secondary" data-testid="health-basis">
          {t(`health.basis.${health.peerBasis}`, { count: health.peers })}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary">{t('health.page.windowShort', { start: health.windowStart, end: health.windowEnd })}</Typography.Text>
      </div>
      <ul className="cf-health-bars" data-testid="health-indicators">
        {health.indicators.map((indicator) => (
          <IndicatorBar key={indicator.indicator} indicator={indicator} />
        ))}
      </ul>
      <HealthReasons reasons={health.reasons} testId="health-panel-reasons" />
    </Space>
  );
}

const PERCENT = new Set(['coverage', 'online']);

/** One indicator: its name, its figure and the peers' median in words, then the drawing (hidden from readers). */
function IndicatorBar({ indicator }: { indicator: HealthIndicator }) {
  const { t, i18n } = useTranslation();
  const key = indicator.indicator;
  const figure = (value: number | null | undefined) => indicatorValue(key, value, i18n.language);
  const { value, peerLow, peerHigh, peerMedian } = indicator;
  const top = PERCENT.has(key) ? 100 : Math.max(value ?? 0, peerHigh ?? 0, peerMedian ?? 0) * 1.15 || 1;
  const at = (x: number) => `${Math.min(100, Math.max(0, (x / top) * 100))}%`;
  return (
    <li className="cf-health-bar" data-state={indicator.state} data-indicator={key} data-testid={`health-indicator-${key}`}>
      <div className="cf-health-bar__head">
        <Typography.Text strong>{t(`health.indicators.${key}`)}</Typography.Text>
        <span>
          {value === null ? (
            t('health.states.noData')
          ) : (
            <>
              <bdi>{figure(value)}</bdi>
              {peerMedian !== null ? <> · {t('health.panel.median', { value: figure(peerMedian) })}</> : null}
              {indicator.previous !== null && indicator.previous !== undefined ? <> · {t('health.panel.previous', { value: figure(indicator.previous) })}</> : null}
            </>
          )}{' '}
          {indicator.state === 'watch' || indicator.state === 'drift' ? <Tag color={indicator.state === 'drift' ? 'red' : 'gold'}>{t(`health.levels.${indicator.state}`)}</Tag> : null}
        </span>
      </div>
      <div className="cf-health-bar__track" aria-hidden="true">
        {peerLow !== null && peerHigh !== null ? (
          <span className="cf-health-bar__band" style={{ insetInlineStart: at(Math.max(0, peerLow)), insetInlineEnd: `calc(100% - ${at(peerHigh)})` }} />
        ) : null}
        {peerMedian !== null ? <span className="cf-health-bar__median" style={{ insetInlineStart: at(peerMedian) }} /> : null}
        {value !== null ? <span className="cf-health-bar__value" style={{ insetInlineStart: at(value) }} /> : null}
      </div>
    </li>
  );
}
