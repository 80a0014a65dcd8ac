import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useLanguageStore } from '@/i18n/store';
import { Feedback } from './feedback';
import { queryClient } from './query-client';
import { antdSize, useUiPreferences } from './stores/ui-preferences';
import { themeFor } from './theme';
import { useReducedMotion } from '@/lib/reduced-motion';
import 'antd/dist/antd.css';

/** Query cache, antd's locale, direction, size and theme (without motion when the system asks for less), and the
 * toasts and dialogs (feedback.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  const antdLocale = useLanguageStore((s) => s.antdLocale);
  const direction = useLanguageStore((s) => s.direction);
  const size = useUiPreferences((s) => s.size);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeFor(reducedMotion), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale} direction={direction} componentSize={antdSize(size)} theme={theme}>
        <Feedback>{children}</Feedback>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
