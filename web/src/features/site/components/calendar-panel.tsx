import { Alert, Empty, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import type { SiteDetail } from '../api/sites';
import { useCalendar, type CalendarDay, type CalendarPeriod } from '../api/schedules';
import { dayWeekdayName } from '../lib/clock';
import { RobotAnswers, ScheduleLine } from './schedule-parts';
import { SiteDayPicker } from './site-day-picker';

/**
 * A site's day or week on its own clock: for each day, what the plan asks (windows) and what the robots have
 * scheduled. A week is seven columns on a desk, a list of days on a phone.
 */
export function CalendarPanel({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<CalendarPeriod>('week');
  const [day, setDay] = useState<string | null>(null);
  const calendar = useCalendar(site.siteId, period, day);
  const data = calendar.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="site-calendar">
      <div className="cf-site-toolbar">
        <Segmented<CalendarPeriod>
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'day', label: t('site.calendar.day') },
            { value: 'week', label: t('site.calendar.week') },
          ]}
          aria-label={t('site.calendar.period')}
          data-testid="calendar-period"
        />
        <SiteDayPicker value={day} onChange={setDay} placeholder={t('site.coverage.today')} data-testid="calendar-day" />
        {data ? (
          <Typography.Text type="secondary">
            <bdi>{data.start === data.end ? data.start : `${data.start} – ${data.end}`}</bdi> · <bdi>{data.timeZone}</bdi>
          </Typography.Text>
        ) : null}
      </div>
      <QueryState query={calendar} loading={<Alert type="info" showIcon title={t('site.coverage.asking')} />}>
        {data ? (
          <>
            <div className={data.days.length > 1 ? 'cf-site-week' : 'cf-site-week cf-site-week--day'} data-testid="calendar-days">
              {data.days.map((d) => (
                <CalendarDayColumn key={d.day} day={d} />
              ))}
            </div>
            <Typography.Title level={5} className="cf-site-subtitle">
              {t('site.coverage.robots')}
            </Typography.Title>
            <RobotAnswers robots={data.robots} />
          </>
        ) : null}
      </QueryState>
    </Space>
  );
}

function CalendarDayColumn({ day }: { day: CalendarDay }) {
  const { t, i18n } = useTranslation();
  const empty = day.planned.length === 0 && day.scheduled.length === 0;
  return (
    <section className="cf-site-day" aria-label={`${dayWeekdayName(day.day, i18n.language)} ${day.day}`} data-testid={`calendar-${day.day}`}>
      <h6 className="cf-site-day__head">
        <span>{dayWeekdayName(day.day, i18n.language)}</span> <bdi>{day.day.slice(5)}</bdi>
      </h6>
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('site.calendar.nothing')} /> : null}
      {day.planned.length ? (
        <>
          <div className="cf-site-day__label">{t('site.calendar.planned')}</div>
          <ul className="cf-site-day__list">
            {day.planned.map((p) => (
              <li key={p.planItemId} className="cf-site-day__planned">
                <bdi>{`${p.windowStart}–${p.windowEnd}`}</bdi>{' '}
                <span>
                  {p.buildingName} · {p.floorName}
                  {p.areaName ? ` · ${p.areaName}` : ''}
                </span>
                {p.runsPerDay > 1 ? <span className="cf-site-day__runs"> ×{p.runsPerDay}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {day.scheduled.length ? (
        <>
          <div className="cf-site-day__label">{t('site.calendar.scheduled')}</div>
          <ul className="cf-site-day__list">
            {day.scheduled.map((s) => (
              <li key={`${s.deviceId}:${s.scheduleName}`} className="cf-site-day__scheduled">
                <ScheduleLine schedule={s} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
