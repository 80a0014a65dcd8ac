import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect, useMemo } from 'react';
import type { FeedbackApis } from './feedback';

// constants: the hooks give new APIs whenever their configuration object is a new one
const MESSAGE_CONFIG = { maxCount: 3 };
const NOTIFICATION_CONFIG = { maxCount: 4 };

/** What antd's `<App message={{ maxCount: 3 }} notification={{ maxCount: 4 }}>` renders and gives out. */
export default function FeedbackHolders({ onReady }: { onReady(apis: FeedbackApis): void }) {
  const [message, messageHolder] = useMessage(MESSAGE_CONFIG);
  const [notification, notificationHolder] = useNotification(NOTIFICATION_CONFIG);
  const [modal, modalHolder] = useModal();
  const apis = useMemo(() => ({ message, notification, modal }), [message, notification, modal]);
  // after the holders have mounted: the calls that waited are shown by them
  useEffect(() => onReady(apis), [apis, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
