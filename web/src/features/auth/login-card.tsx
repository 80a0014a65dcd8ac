import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/brand-mark';
import { loadHostBrand, useBrandStore } from '@/lib/brand';
import { LoginLanguageSwitch } from './login-language';

// how long the card's title waits for the host's brand before it shows the product's own (issue 53 item 4)
const BRAND_WAIT_MS = 1500;

/** The host's brand (src/lib/brand.ts): asked once per page; until it answers (or BRAND_WAIT_MS passes) the title is
 * held back, so a dealer's host never flashes the product's own name; a brand seen before shows at once. */
function useHostBrandShown(): boolean {
  const known = useBrandStore((s) => s.known || s.brand !== null);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    void loadHostBrand();
    const timer = window.setTimeout(() => setWaited(true), BRAND_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return known || waited;
}

/** The sign-in page's frame: the language switch, and the card with the product's title over what it holds (the
 * password form, or the second step), and the page's footer under it. On a dealer's own host the brand's logo,
 * name and colours (the page's backdrop: login-page.css). */
export function LoginCard({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const shown = useHostBrandShown();
  const brand = useBrandStore((s) => (s.brand?.custom ? s.brand : null));
  return (
    <main className="cf-login">
      <LoginLanguageSwitch />
      <section className="cf-login__card" aria-labelledby="cf-login-title">
        <header className="cf-login__header" style={shown ? undefined : { visibility: 'hidden' }}>
          <BrandMark size={44} />
          <div>
            <h1 id="cf-login-title" className="cf-login__title">
              {brand?.productName ? t('login.titleOf', { name: brand.productName }) : t('login.title')}
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
