import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { discoverProviders, providerStartUrl } from '@/api/sso';
import { LoginButton } from './login-controls';

interface Provider {
  id: number;
  name: string;
}

/** An e-mail's domain, when the text is an e-mail. */
const domainOf = (login: string) => /^[^@\s]+@([^@\s]+\.[^@\s]+)$/.exec(login.trim())?.[1]?.toLowerCase() ?? null;

/**
 * "Sign in with <company>" for the identity providers serving the typed e-mail's domain (its own chunk: the page
 * loads it once an e-mail is typed). Asks the server once per domain, a moment after typing stops.
 */
export default function ProviderButtons({ login }: { login: string }) {
  const { t } = useTranslation();
  const domain = domainOf(login);
  const [found, setFound] = useState<{ domain: string; providers: Provider[] } | null>(null);
  useEffect(() => {
    if (!domain || found?.domain === domain) return;
    const timer = window.setTimeout(() => {
      discoverProviders(`x@${domain}`, { quiet: true })
        .then((answer) => setFound({ domain, providers: answer.providers }))
        .catch(() => setFound({ domain, providers: [] }));
    }, 300);
    return () => window.clearTimeout(timer);
  }, [domain, found?.domain]);
  const providers = found && found.domain === domain ? found.providers : [];
  if (providers.length === 0) return null;
  return (
    <div className="cf-login__providers" data-testid="sso-providers">
      {providers.map((provider) => (
        <LoginButton key={provider.id} icon={LoginOutlined} href={providerStartUrl(provider.id, login.trim())} data-testid={`sso-provider-${provider.id}`}>
          {t('login.sso.signInWith', { name: provider.name })}
        </LoginButton>
      ))}
    </div>
  );
}
