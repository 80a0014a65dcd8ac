import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useLanguageStore } from '@/i18n/store';
import { Feedback } from './feedback';
import { queryClient } from './query-client';
import { antdSize, useUiPreferences } from './stores/ui-preferences';
import { BRAND_COLOR, themeFor } from './theme';
import { useBrandStore } from '@/lib/brand';
import { useReducedMotion } from '@/lib/reduced-motion';

/** antd's locale, direction, size and theme (without motion when the system asks for less). Its style sheet is
 * app/antd-sheet.ts's (loaded with this module through app/antd-island.tsx). */
export function AntdScope({ children }: { children: ReactNode }) {
  const antdLocale = useLanguageStore((s) => s.antdLocale);
  const direction = useLanguageStore((s) => s.direction);
  const size = useUiPreferences((s) => s.size);
  const reducedMotion = useReducedMotion();
  const primary = useBrandStore((s) => (s.brand?.custom ? s.brand.primaryColor : BRAND_COLOR));
  const theme = useMemo(() => themeFor(reducedMotion, primary), [reducedMotion, primary]);
  return (
    <ConfigProvider locale={antdLocale} direction={direction} componentSize={antdSize(size)} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/** The console's providers: the query cache, antd (AntdScope), and the toasts and dialogs (feedback.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdScope>
        <Feedback>{children}</Feedback>
      </AntdScope>
    </QueryClientProvider>
  );
}

/** The toasts and dialogs of a page outside the console (the sign-in page, app/router.tsx). */
export function PageFeedback() {
  return (
    <AntdScope>
      <Feedback>{null}</Feedback>
    </AntdScope>
  );
}
