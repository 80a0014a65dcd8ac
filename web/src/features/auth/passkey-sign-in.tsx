import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import type { SignedInAnswer } from '@/api/factors/second-step';
import { passkeysSupported } from '@/lib/passkey';
import { LoginButton } from './login-controls';

/**
 * "Sign in with a passkey" (issue 50 item 6): a passkey alone, where the person's branch allows it. The calls and
 * the WebAuthn library load on the click; a refusal (not allowed here, unknown passkey) shows under the button.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (answer: SignedInAnswer) => Promise<void> }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!passkeysSupported()) return null;
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const [{ passkeyAloneOptions, passkeyAlone }, { signWithPasskey }] = await Promise.all([
        import('@/api/factors/second-step'),
        import('@/lib/passkey'),
      ]);
      const options = await passkeyAloneOptions();
      await onSignedIn(await passkeyAlone(options.handle, await signWithPasskey(options.options)));
    } catch (caught) {
      const { passkeyCancelled } = await import('@/lib/passkey');
      if (!passkeyCancelled(caught)) setError(isApiError(caught) ? caught.message : t('secondStep.passkeyFailed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="cf-login__passkey" style={{ marginTop: 12 }}>
      <LoginButton icon={KeyOutlined} loading={pending} onClick={() => void start()} data-testid="passkey-sign-in">
        {t('login.passkeySignIn')}
      </LoginButton>
      {error && (
        <div className="cf-login__explain" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
