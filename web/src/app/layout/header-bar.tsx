import { DesktopOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setLanguage } from '@/api/session';
import { LanguageSwitch } from '@/components/language-switch';
import type { Language } from '@/i18n/languages';
import { useLanguageStore } from '@/i18n/store';
import { bigScreenPage } from '../routes/pages';
import { isAvailable } from '@/lib/availability';
import type { SessionUser } from '@/lib/session';
import { useUiPreferences } from '../stores/ui-preferences';
import { AlarmBell, AlarmControls } from './alarm-controls';
import { Breadcrumbs } from './breadcrumbs';
import { FullscreenButton } from './fullscreen-button';
import { usePhoneMenu } from './phone-menu-store';
import { useSearchPanel } from './search-panel-store';
import { UserMenu } from './user-menu';

// the open-incident count loads after the first paint, in a chunk of its own (issue 34)
const IncidentBadge = lazy(() => import('./incident-badge'));

/** The open-incident count for readers holding the incidents page. */
function Incidents({ user, phone = false }: { user: SessionUser; phone?: boolean }) {
  if (!isAvailable('incident/index', user)) return null;
  return (
    <Suspense fallback={null}>
      <IncidentBadge phone={phone} />
    </Suspense>
  );
}

/**
 * The header: menu button, breadcrumbs and tools. On a phone (`phone`, below 768 px) it folds to what fits 360 px:
 * the menu button opens the drawer (phone-menu.tsx, which takes the language switch and the alarm pop-up choices),
 * the breadcrumbs give way first, and the search, the bell and the user menu (with sign-out) always stay.
 */
export function HeaderBar({ user, phone = false }: { user: SessionUser; phone?: boolean }) {
  if (phone) return <PhoneHeader user={user} />;
  return <DeskHeader user={user} />;
}

function PhoneHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const open = usePhoneMenu((s) => s.open);
  const setOpen = usePhoneMenu((s) => s.setOpen);
  const openSearch = useSearchPanel((s) => s.show);
  return (
    <Layout.Header className="cf-header cf-header--phone">
      <Button
        type="text"
        aria-label={t('layout.menu')}
        aria-expanded={open}
        icon={<MenuUnfoldOutlined />}
        onClick={() => setOpen(!open)}
        data-testid="menu-toggle"
      />
      <Breadcrumbs />
      <div className="cf-header__tools">
        <Button type="text" aria-label={t('layout.search')} icon={<SearchOutlined />} onClick={openSearch} />
        <Incidents user={user} phone />
        <AlarmBell />
        <UserMenu user={user} />
      </div>
    </Layout.Header>
  );
}

function DeskHeader({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const collapsed = useUiPreferences((s) => s.menuCollapsed);
  const setCollapsed = useUiPreferences((s) => s.setMenuCollapsed);
  const rtl = useLanguageStore((s) => s.direction === 'rtl');
  const openSearch = useSearchPanel((s) => s.show);

  // In right-to-left layouts the menu sits on the right, so the fold arrows point the other way.
  const showsFold = collapsed === rtl;
  const toggleLabel = collapsed ? t('layout.expandMenu') : t('layout.collapseMenu');

  // The language is the signed-in person's own preference, so it is saved for their own id
  // (not the shadow id they act as).
  const syncLanguage = (language: Language) => {
    setLanguage(user.userId, language).catch(() => undefined);
  };

  return (
    <Layout.Header className="cf-header">
      <Button
        type="text"
        aria-label={toggleLabel}
        aria-expanded={!collapsed}
        icon={showsFold ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={() => setCollapsed(!collapsed)}
        data-testid="menu-toggle"
      />
      <Breadcrumbs />
      <div className="cf-header__tools">
        <Tooltip title={t('layout.search')}>
          <Button type="text" aria-label={t('layout.search')} icon={<SearchOutlined />} onClick={openSearch} />
        </Tooltip>
        <FullscreenButton />
        {bigScreenPage && (
          <Tooltip title={t('layout.bigScreen')}>
            <Link to="/bigScreen" target="_blank" rel="noopener" aria-label={t('layout.bigScreen')}>
              <Button type="text" icon={<DesktopOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
        )}
        <LanguageSwitch onChanged={syncLanguage} />
        <Incidents user={user} />
        <AlarmControls />
        <UserMenu user={user} />
      </div>
    </Layout.Header>
  );
}
