import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Grade, HealthReason, IndicatorKey } from '@/api/robothealth/health';
import './health-reasons.css';

/**
 * Robot health's shared pieces (issue 36 item 3), shown by the fleet view (features/health) and the device page's
 * panel (features/fleet), in the `health` feature's texts (both pages name it in their `withTexts`).
 */
const GRADE_COLORS: Record<Grade, string> = { A: 'green', B: 'gold', C: 'orange', D: 'red' };
const DIGITS: Record<IndicatorKey, number> = { alarms: 2, efficiency: 0, coverage: 1, charging: 2, online: 0 };

/** An indicator's figure in the reader's digits (none: a dash). */
export function indicatorValue(indicator: IndicatorKey, value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '—';
  return value.toLocaleString(language, { maximumFractionDigits: DIGITS[indicator] });
}

/** The grade as a tag: its letter and what it means (the colour only repeats it). */
export function GradeTag({ grade }: { grade: Grade }) {
  const { t } = useTranslation();
  return (
    <Tag color={GRADE_COLORS[grade]} data-grade={grade} style={{ marginInlineEnd: 0 }}>
      {t(`health.grades.${grade}`)}
    </Tag>
  );
}

/** Each reason in words (the indicator, the robot's figure, the peers' median or its own previous figure) and the
 * link to its evidence: the robot's alarms or task reports of the window. */
export function HealthReasons({ reasons, testId }: { reasons: readonly HealthReason[]; testId?: string }) {
  const { t, i18n } = useTranslation();
  if (reasons.length === 0) return <span className="cf-health-muted">{t('health.reasons.none')}</span>;
  return (
    <ul className="cf-health-reasons" data-testid={testId}>
      {reasons.map((reason) => {
        const values = {
          indicator: t(`health.indicators.${reason.indicator}`),
          value: indicatorValue(reason.indicator, reason.value, i18n.language),
          reference: indicatorValue(reason.indicator, reason.reference, i18n.language),
        };
        return (
          <li key={`${reason.indicator}-${reason.against}`} data-level={reason.level} data-indicator={reason.indicator} data-against={reason.against}>
            <Tag color={reason.level === 'drift' ? 'red' : 'gold'}>{t(`health.levels.${reason.level}`)}</Tag>
            <span>{t(`health.reasons.${reason.against}`, values)}</span>{' '}
            <Link to={reason.link} data-testid="health-evidence">
              {t('health.reasons.evidence')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
