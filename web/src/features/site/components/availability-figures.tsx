import type { ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Met, SiteAvailability } from '../api/availability';
import { hoursText, metState, minutesText, percentText, trendPoints, type MetState } from '../lib/availability';

const MET_COLORS: Record<MetState, string> = { met: 'green', notMet: 'volcano', none: 'default' };

/** A target's state as a tag: met, not met, or nothing to judge (no target, no data). */
export function MetTag({ value, testId }: { value: boolean | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const state = metState(value);
  return (
    <Tag color={MET_COLORS[state]} data-met={state} data-testid={testId}>
      {t(`site.availability.met.${state}`)}
    </Tag>
  );
}

interface Figure {
  key: string;
  title: string;
  value: string;
  extra?: ReactNode;
}

/** The period's figures: availability (with the trend and its target), hours, incidents' mean times, runs done. */
export function AvailabilityFigures({ found }: { found: SiteAvailability }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const now = found.current;
  const all = now.incidents[now.incidents.length - 1];
  const points = trendPoints(now.availability, found.previous.availability);
  const met: Met = found.met;
  const cards: Figure[] = [
    {
      key: 'availability',
      title: t('site.availability.availability'),
      value: percentText(now.availability, lng),
      extra: <MetTag value={met.availability} testId="met-availability" />,
    },
    { key: 'scheduled', title: t('site.availability.scheduled'), value: t('site.availability.hours', { value: hoursText(now.scheduledSeconds, lng) }) },
    { key: 'available', title: t('site.availability.available'), value: t('site.availability.hours', { value: hoursText(now.availableSeconds, lng) }) },
    {
      key: 'mtta',
      title: t('site.availability.mtta'),
      value: all?.mttaSeconds == null ? '—' : t('site.availability.minutes', { value: minutesText(all.mttaSeconds, lng) }),
      extra: <MetTag value={met.ack} testId="met-ack" />,
    },
    { key: 'mttr', title: t('site.availability.mttr'), value: all?.mttrSeconds == null ? '—' : t('site.availability.minutes', { value: minutesText(all.mttrSeconds, lng) }) },
    {
      key: 'runsDone',
      title: t('site.availability.runsDone'),
      value: now.runs.closed ? percentText(now.runs.doneShare, lng) : '—',
      extra: <MetTag value={met.runsDone} testId="met-runs" />,
    },
  ];
  return (
    <>
      <Row gutter={[8, 8]} data-testid="availability-figures">
        {cards.map((card) => (
          <Col key={card.key} xs={12} lg={8} xl={4}>
            <Card size="small" style={{ height: '100%' }} data-testid={`availability-${card.key}`}>
              <Statistic title={card.title} value={card.value} />
              {card.extra}
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="availability-trend">
        {points == null ? null : points >= 0 ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}{' '}
        {t('site.availability.previous', {
          start: found.previous.start,
          end: found.previous.end,
          value: percentText(found.previous.availability, lng),
          points: points == null ? '—' : `${points > 0 ? '+' : ''}${new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }).format(points)}`,
        })}
      </Typography.Paragraph>
    </>
  );
}
