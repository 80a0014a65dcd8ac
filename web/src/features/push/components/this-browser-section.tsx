import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ThisBrowser } from '../lib/use-this-browser';

interface Props {
  browser: ThisBrowser;
  /** the server's key; null while it loads (or when it failed) */
  publicKey: string | null;
  /** whether the server lists this browser's endpoint */
  listed: boolean;
  onChanged(on: boolean): void;
}

/** "This browser": whether it receives the user's notifications, and the switch on or off. */
export function ThisBrowserSection({ browser, publicKey, listed, onChanged }: Props) {
  const { t } = useTranslation();
  const { support, endpoint, busy, problem, refusal } = browser;
  const on = Boolean(endpoint) && listed;
  const blocked = support === 'unsupported' || support === 'insecure';
  const shownProblem = problem ?? (support === 'ok' ? null : support);

  const toggle = async () => {
    const done = on ? await browser.turnOff() : publicKey ? await browser.turnOn(publicKey) : false;
    if (done) onChanged(!on);
  };

  return (
    <section aria-labelledby="push-this-browser" className="cf-push__section">
      <Typography.Title level={3} id="push-this-browser" className="cf-push__heading">
        {t('push.thisBrowser.heading')}
      </Typography.Title>
      {shownProblem && <Alert type="warning" showIcon title={t(`push.problems.${shownProblem}`)} data-testid="push-problem" />}
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="push-refusal" />}
      {!blocked && endpoint !== undefined && (
        <div className="cf-push__row">
          <Typography.Text data-testid="push-this-state">{t(on ? 'push.thisBrowser.on' : 'push.thisBrowser.off')}</Typography.Text>
          <Button
            type={on ? 'default' : 'primary'}
            loading={busy}
            disabled={!on && (!publicKey || support === 'denied')}
            onClick={() => void toggle()}
            data-testid="push-toggle"
          >
            {t(on ? 'push.thisBrowser.turnOff' : 'push.thisBrowser.turnOn')}
          </Button>
        </div>
      )}
    </section>
  );
}
