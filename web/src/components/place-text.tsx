import { Fragment } from 'react';
import { useLanguageStore } from '@/i18n/store';

/**
 * A place named by its parts, most precise first ("Beijing", "China"): each part is kept whole and
 * in its own direction, so a Latin city beside an Arabic country name reads right in either console.
 */
export function PlaceText({ parts }: { parts: readonly string[] }) {
  const separator = useLanguageStore((s) => (s.language === 'ar' ? '، ' : ', '));
  return (
    <>
      {parts.filter(Boolean).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? separator : null}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </>
  );
}
