import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { Logo } from '@/components/logo';

/** The sign-in page's frame: the language switch, and the card with the product's title over what it holds (the
 * password form, or the second step), and the page's footer under it. */
export function LoginCard({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="cf-login">
      <LanguageSwitch className="cf-login__language" />
      <section className="cf-login__card" aria-labelledby="cf-login-title">
        <header className="cf-login__header">
          <Logo size={44} />
          <div>
            <h1 id="cf-login-title" className="cf-login__title">
              {t('login.title')}
            </h1>
            <p className="cf-login__tagline">{t('app.tagline')}</p>
          </div>
        </header>
        {children}
      </section>
      {footer}
    </main>
  );
}
