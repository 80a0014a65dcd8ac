import { useTranslation } from 'react-i18next';
import type { ScreenSummary } from '../../api/summary';
import { formatCount } from '../../lib/format';
import { STATE_COLORS } from '../../lib/states';

const ROWS = ['working', 'charging', 'idle', 'offline'] as const;

/** Working, charging, idle and offline robots as bars of the fleet. */
export function StateBreakdown({ counts, language }: { counts: ScreenSummary['counts']; language: string }) {
  const { t } = useTranslation();
  return (
    <dl className="cf-wall-states" aria-label={t('screen.wall.stateBreakdown')}>
      {ROWS.map((state) => {
        const value = counts[state];
        const share = counts.total ? (value / counts.total) * 100 : 0;
        return (
          <div key={state} className="cf-wall-states__row">
            <dt>
              <span className="cf-dot" style={{ background: STATE_COLORS[state] }} aria-hidden="true" />
              {t(`screen.states.${state}`)}
            </dt>
            <dd>
              <span className="cf-wall-states__bar" aria-hidden="true">
                <span style={{ width: `${share}%`, background: STATE_COLORS[state] }} />
              </span>
              <span className="cf-wall-states__value" data-testid={`state-${state}`}>
                {formatCount(value, language)}
              </span>
            </dd>
          </div>
        );
      })}
      {counts.inAlarm > 0 && <p className="cf-wall-states__alarm">{t('screen.wall.inAlarm', { count: counts.inAlarm })}</p>}
    </dl>
  );
}
