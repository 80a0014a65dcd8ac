import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '@/i18n/store';

/**
 * Country names in the console's language (Intl knows every ISO code); "other" and "" (no
 * coordinates yet) are the summary's own buckets.
 */
export function useCountryName(): (code: string, fallback: string) => string {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([language, 'en'], { type: 'region' });
    } catch {
      return null;
    }
  }, [language]);
  return useCallback(
    (code: string, fallback: string) => {
      if (code === '') return t('fleet.summary.unknownPlace');
      if (code === 'other') return t('fleet.summary.otherCountries');
      try {
        return names?.of(code.toUpperCase()) ?? fallback;
      } catch {
        return fallback;
      }
    },
    [names, t],
  );
}

