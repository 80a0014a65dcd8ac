import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { antdIsland } from '@/components/antd-island';
import type { LanguageSwitch as Switch } from '@/components/language-switch';
import { useLanguageStore } from '@/i18n/store';
import { afterFirstPaint } from '@/lib/when-idle';
import { LoginIcon } from './login-icon';

const LanguageSwitch = antdIsland<ComponentProps<typeof Switch>>(() => import('@/components/language-switch').then((m) => ({ default: m.LanguageSwitch })));

/**
 * The sign-in page's language switch: antd's (components/language-switch.tsx, with its menu), which arrives with
 * antd after the form has shown (issue 52 item 11). Until then a button that looks the same stands in its place;
 * pressed, it fetches the menu at once and opens it, and the focus stays on the switch when the two change places.
 */
export function LoginLanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const hadFocus = useRef(false);
  useEffect(() => afterFirstPaint(() => setWanted(true)), []);
  const standIn = (
    <button
      type="button"
      className="cf-login-switch cf-login__language"
      data-testid="language-switch"
      onFocus={() => (hadFocus.current = true)}
      onBlur={() => (hadFocus.current = false)}
      onClick={() => (setWanted(true), setOpen(true))}
    >
      <span className="cf-login-button__icon">
        <LoginIcon icon={GlobalOutlined} />
      </span>
      <span className="cf-visually-hidden">{t('layout.language')}</span>
      <span className="cf-language-switch__name">{t(`languages.${language}`)}</span>
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LanguageSwitch className="cf-login__language" defaultOpen={open} />
      <KeepFocus hadFocus={hadFocus} />
    </Suspense>
  );
}

/** Once the switch has replaced its stand-in: the focus the stand-in had goes to the switch. */
function KeepFocus({ hadFocus }: { hadFocus: RefObject<boolean> }) {
  useLayoutEffect(() => {
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (hadFocus.current && lost) document.querySelector<HTMLElement>('[data-testid="language-switch"]')?.focus();
  }, [hadFocus]);
  return null;
}
