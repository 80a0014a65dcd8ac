/**
 * "Push notifications" (user menu, issue 32 item 4): this browser on or off, the user's subscribed
 * browsers (remove one, send a test). In the user menu, beside the profile, rather than on the alarm
 * settings page: every signed-in user has the menu (the alarm settings need their permission), a
 * subscription is the user's own, and the feature stays apart from the alarm pages. Which alarms are
 * pushed is the alarm settings' "Mobile app" switch, which the intro names.
 */
import { App, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '@/components/dialog-props';
import { usePushDevices, usePushKey, useSendTestPush } from './api/push';
import { DeviceList } from './components/device-list';
import { ThisBrowserSection } from './components/this-browser-section';
import { useThisBrowser } from './lib/use-this-browser';
import './push.css';

function useTestPush() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const test = useSendTestPush();
  const send = () =>
    test.mutate(undefined, {
      onSuccess: (result) => void message.info(t('push.test.result', { sent: result.sent, failed: result.failed })),
      onError: () => void message.error(t('push.test.failed')),
    });
  return { send, pending: test.isPending };
}

export default function PushDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const browser = useThisBrowser();
  const key = usePushKey(open);
  const list = usePushDevices(browser.endpoint ?? null, open && browser.endpoint !== undefined);
  const test = useTestPush();
  const devices = list.data ?? [];
  const listed = devices.some((device) => device.current);

  return (
    <Modal
      open={open}
      title={t('push.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('push.close')}</Button>}
      destroyOnHidden
    >
      <div className="cf-push" data-testid="push-dialog">
        <Typography.Paragraph>{t('push.intro')}</Typography.Paragraph>
        <ThisBrowserSection
          browser={browser}
          publicKey={key.data?.publicKey ?? null}
          listed={listed}
          onChanged={(on) => void message.success(t(on ? 'push.thisBrowser.turnedOn' : 'push.thisBrowser.turnedOff'))}
        />
        <section aria-labelledby="push-devices" className="cf-push__section">
          <div className="cf-push__row">
            <Typography.Title level={3} id="push-devices" className="cf-push__heading">
              {t('push.devices.heading')}
            </Typography.Title>
            {list.data && key.data && (
              <Typography.Text className="cf-push__meta" data-testid="push-count">
                {t('push.devices.count', { count: devices.length, limit: key.data.limit })}
              </Typography.Text>
            )}
          </div>
          {list.isError ? (
            <div className="cf-push__row">
              <Typography.Text type="danger">{t('push.devices.loadFailed')}</Typography.Text>
              <Button onClick={() => void list.refetch()}>{t('push.devices.retry')}</Button>
            </div>
          ) : (
            list.data && <DeviceList devices={devices} onRemoveCurrent={browser.turnOff} />
          )}
          <Button onClick={test.send} loading={test.pending} disabled={devices.length === 0} data-testid="push-test">
            {t('push.test.send')}
          </Button>
        </section>
      </div>
    </Modal>
  );
}
