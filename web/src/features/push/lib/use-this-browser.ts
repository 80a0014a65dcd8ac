/**
 * This browser in the push dialog: what it can do, its subscription's endpoint (null: not subscribed),
 * and the two actions, turn on (permission, PushManager, /push/subscribe with a label from the user
 * agent; an endpoint the server says is another user's is renewed once) and turn off (/push/unsubscribe
 * by endpoint, then the browser's own unsubscribe).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { subscribePush, unsubscribePush, useRefreshPushDevices } from '../api/push';
import { browserName } from './browser-label';
import {
  currentSubscription,
  pushSupport,
  PushUnavailable,
  renewBrowserSubscription,
  subscribeBrowser,
  type BrowserSubscription,
  type PushProblem,
} from './browser-push';

/** Labels are short texts on the server. */
const MAX_LABEL = 60;
/** The server's ALREADY_EXISTS: the endpoint is registered to another user (an endpoint stays its first user's). */
const ALREADY_EXISTS = 10008;

function endpointTaken(error: unknown): boolean {
  return isApiError(error) && error.code === ALREADY_EXISTS && error.field === 'endpoint';
}

export interface ThisBrowser {
  /** null until the browser has been asked */
  endpoint: string | null | undefined;
  support: ReturnType<typeof pushSupport>;
  busy: boolean;
  /** what went wrong last: a browser problem, or the server's refusal */
  problem: PushProblem | null;
  refusal: string | null;
  turnOn(publicKey: string): Promise<boolean>;
  turnOff(): Promise<boolean>;
}

function useLabel(): () => string {
  const { t } = useTranslation();
  return useCallback(() => {
    const { browser, system } = browserName(navigator.userAgent);
    const name = browser ?? t('push.thisBrowser.someBrowser');
    return (system ? t('push.thisBrowser.label', { browser: name, system }) : name).slice(0, MAX_LABEL);
  }, [t]);
}

export function useThisBrowser(): ThisBrowser {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [support, setSupport] = useState(pushSupport);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<PushProblem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = useLabel();
  const refresh = useRefreshPushDevices();

  useEffect(() => {
    let mounted = true;
    currentSubscription()
      .then((subscription) => mounted && setEndpoint(subscription?.endpoint ?? null))
      .catch(() => mounted && setEndpoint(null));
    return () => {
      mounted = false;
    };
  }, []);

  const run = async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    setRefusal(null);
    try {
      await work();
      return true;
    } catch (error) {
      if (error instanceof PushUnavailable) setProblem(error.problem);
      else setRefusal(isApiError(error) ? error.message : String(error));
      return false;
    } finally {
      setSupport(pushSupport());
      setBusy(false);
      void refresh();
    }
  };

  const register = (subscription: BrowserSubscription) => subscribePush({ ...subscription, label: label() }, { quiet: true });

  const turnOn = (publicKey: string) =>
    run(async () => {
      let subscription = await subscribeBrowser(publicKey);
      try {
        await register(subscription);
      } catch (error) {
        if (!endpointTaken(error)) throw error;
        // a browser that changed hands: its endpoint is still another user's, so it asks for a new one, once
        subscription = await renewBrowserSubscription(publicKey);
        await register(subscription);
      }
      setEndpoint(subscription.endpoint);
    });

  const turnOff = () =>
    run(async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        await unsubscribePush({ endpoint: subscription.endpoint }, { quiet: true });
        await subscription.unsubscribe();
      }
      setEndpoint(null);
    });

  return { endpoint, support, busy, problem, refusal, turnOn, turnOff };
}
