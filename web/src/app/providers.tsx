import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useLanguageStore } from '@/i18n/store';
import { setMessageApi } from './notifier';
import { queryClient } from './query-client';
import { antdSize, useUiPreferences } from './stores/ui-preferences';
import { theme } from './theme';

function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

/** Query cache, antd's locale, direction, size and theme, and the toast bridge. */
export function Providers({ children }: { children: ReactNode }) {
  const antdLocale = useLanguageStore((s) => s.antdLocale);
  const direction = useLanguageStore((s) => s.direction);
  const size = useUiPreferences((s) => s.size);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale} direction={direction} componentSize={antdSize(size)} theme={theme}>
        <AntApp message={{ maxCount: 3 }} notification={{ maxCount: 4 }}>
          <NotifierBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
