import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { setLanguage } from '@/api/session';
import { LanguageSwitch } from '@/components/language-switch';
import type { Language } from '@/i18n/languages';
import { useLanguageStore } from '@/i18n/store';
import type { SessionUser } from '@/lib/session';
import { AlarmPreferences } from './alarm-controls';
import { usePhoneMenu } from './phone-menu-store';
import { NavMenu } from './side-menu';

/**
 * The menu on a phone (below 768 px, issue 32): a drawer from the reading side, opened by the header's menu
 * button. It holds what the folded header has no room for: the language switch and the alarm pop-up choices.
 * It closes on navigation and on Escape; antd's drawer keeps the focus inside while open and gives it back to
 * the menu button after.
 */
export default function PhoneMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const open = usePhoneMenu((s) => s.open);
  const setOpen = usePhoneMenu((s) => s.setOpen);
  const rtl = useLanguageStore((s) => s.direction === 'rtl');
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    if (open) setOpen(false); // a page was chosen: the drawer gives way to it
  }
  const syncLanguage = (language: Language) => {
    setLanguage(user.userId, language).catch(() => undefined);
  };

  return (
    <Drawer
      open={open}
      onClose={() => setOpen(false)}
      placement={rtl ? 'right' : 'left'}
      size={280}
      closable={false}
      title={null}
      className="cf-phone-menu"
      rootClassName="cf-phone-menu-root"
      aria-label={t('layout.menu')}
      data-testid="phone-menu"
    >
      <NavMenu collapsed={false} />
      <div className="cf-phone-menu__tools">
        <LanguageSwitch onChanged={syncLanguage} />
        <AlarmPreferences />
      </div>
    </Drawer>
  );
}
