import { useTranslation } from 'react-i18next';
import type { RegionValue } from '../../lib/regions';
import { formatCount } from '../../lib/format';

interface RegionRankingProps {
  title: string;
  regions: readonly RegionValue[];
  nameOf: (region: string) => string;
  language: string;
  limit?: number;
  testId?: string;
}

/** The regions with the most robots, as bars (online part brighter). */
export function RegionRanking({ title, regions, nameOf, language, limit = 5, testId }: RegionRankingProps) {
  const { t } = useTranslation();
  const top = regions.slice(0, limit);
  const max = Math.max(1, ...top.map((r) => r.value));
  return (
    <div className="cf-wall-ranking" data-testid={testId}>
      <h3 className="cf-wall-ranking__title">{title}</h3>
      {top.length === 0 ? (
        <p className="cf-wall-empty">{t('screen.wall.noRegions')}</p>
      ) : (
        <ol className="cf-wall-ranking__list">
          {top.map((region, index) => (
            <li key={region.name} className="cf-wall-ranking__row">
              <span className="cf-wall-ranking__rank">{index + 1}</span>
              <span className="cf-wall-ranking__name" dir="auto" title={nameOf(region.name)}>
                {nameOf(region.name)}
              </span>
              <span className="cf-wall-ranking__bar" aria-hidden="true">
                <span className="cf-wall-ranking__total" style={{ width: `${(region.value / max) * 100}%` }} />
                <span className="cf-wall-ranking__online" style={{ width: `${(region.online / max) * 100}%` }} />
              </span>
              <span className="cf-wall-ranking__value">
                {formatCount(region.online, language)}/{formatCount(region.value, language)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
