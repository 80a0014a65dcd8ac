import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { enqueue, type NewAction } from './queue';
import { useOnline } from './use-online';

/**
 * Queues an action and says what happens to it: without signal, that it is kept on the phone until the connection
 * returns; with signal it is sent at once and the page tells when it lands (field-page.tsx). A browser that cannot
 * keep it says so.
 */
export function useQueueAction(userId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const online = useOnline();
  return useCallback(
    async (body: NewAction, target: string) => {
      try {
        await enqueue(userId, body, target);
        if (!online) void message.info(t('fieldkit.queue.keptOffline'));
      } catch {
        void message.error(t('fieldkit.queue.storageFailed'));
      }
    },
    [userId, online, message, t],
  );
}
