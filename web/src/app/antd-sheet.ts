/**
 * antd's built style sheet (`theme.zeroRuntime`, app/theme.ts), about 108 KB gzipped: not in the sign-in page's
 * first load (issue 52 item 11), whose form draws without antd. It is fetched with the console's chunk (from the
 * sign-in page's first paint on, app/antd-island.tsx) and put first among the page's style sheets, where the
 * entry's import had it, so the console's own rules (app/global.css, the features' sheets) still win over it.
 */
import sheetUrl from 'antd/dist/antd.css?url';
import { languageComplete } from '@/i18n/store';

let loading: Promise<void> | null = null;

/** Adds the sheet once; resolves when it applies (or failed: antd's components then draw unstyled, not never). */
export function loadAntdSheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = sheetUrl;
    link.dataset.antd = '';
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"], style'));
  });
  return loading;
}

/** antd's providers (app/providers.tsx) and this sheet, once both have arrived and the language's antd locale too:
 * what components/antd-island.tsx is configured with at start (main.tsx). */
export const loadAntd = () => Promise.all([import('./providers'), loadAntdSheet(), languageComplete()]).then(([providers]) => providers);
