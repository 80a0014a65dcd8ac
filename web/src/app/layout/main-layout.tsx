import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getLanguage } from '@/api/session';
import { usePageTitle } from '@/components/use-page-title';
import { readLanguageCookie } from '@/i18n/cookie';
import { isLanguage } from '@/i18n/languages';
import { withTexts } from '@/i18n/load';
import { useLanguageStore } from '@/i18n/store';
import { isAvailable } from '@/lib/availability';
import { refreshBrand } from '@/lib/brand';
import { routeByPath } from '@/lib/route-table';
import { useSessionStore, type SessionUser } from '@/lib/session';
import { useIsPhone } from '@/lib/use-is-phone';
import { prefetchWhenIdle } from '@/lib/when-idle';
import { useTabsStore } from '../stores/tabs';
import { useUiPreferences } from '../stores/ui-preferences';
import { loadUserState } from '../stores/user-state';
import { ShellNotices } from '../pwa/shell-notices';
import { HeaderBar } from './header-bar';
import { useSearchPanel } from './search-panel-store';
import { useSearchShortcut } from './search-shortcut';
import { SideMenu } from './side-menu';
import { KeepAliveOutlet } from './tabs/keep-alive-outlet';
import './layout.css';

// the live push and the header's alarm feed load after the first paint (their own chunk, with
// the monitor texts the alarm pop-ups show)
const LiveServices = lazy(withTexts(() => import('../live/live-services'), 'monitor'));

// the page tabs (antd's Tabs) draw right after the layout, in a strip of their final height: the first load
// stays within its budget (issue 32 added the phone's shell to it), and nothing moves when they arrive
const TabBar = lazy(() => import('./tabs/tab-bar').then((m) => ({ default: m.TabBar })));

// the phone's menu drawer (antd's Drawer) loads only on a phone
const PhoneMenu = lazy(() => import('./phone-menu'));

// the search panel (a dialog) comes when first opened; its chunk is fetched once the console is idle
const loadSearchPanel = () => import('./search-panel');
const SearchPanel = lazy(() => loadSearchPanel().then((m) => ({ default: m.SearchPanel })));

/** The search panel, mounted from the first time it is opened (`s` or the header's button). */
function SearchPanelWhenOpened() {
  useSearchShortcut();
  const open = useSearchPanel((s) => s.open);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  useEffect(() => prefetchWhenIdle(loadSearchPanel), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SearchPanel />
    </Suspense>
  );
}

/**
 * Loads what is kept per user, and opens the current page as a tab on every navigation. On a phone, where no tab
 * strip is shown, only the current page (and the home page) stay open, so hidden pages do not pile up alive.
 */
function useUserLayoutState(user: SessionUser, phone: boolean) {
  const { pathname, search, hash } = useLocation();
  // already loaded at sign-in (user-state.ts): this only covers a layout drawn without that
  useLayoutEffect(() => loadUserState(user), [user]);
  useEffect(() => {
    const route = routeByPath(pathname);
    if (route && isAvailable(route.key, user)) {
      useTabsStore.getState().open({ path: pathname, fullPath: `${pathname}${search}${hash}` });
      if (phone) useTabsStore.getState().closeOthers(pathname);
    }
  }, [pathname, search, hash, user, phone]);
}

/** Without a language cookie, a signed-in console follows the language saved on the server. */
function useServerLanguage() {
  useEffect(() => {
    if (readLanguageCookie()) return;
    const controller = new AbortController();
    getLanguage({ signal: controller.signal, quiet: true })
      .then((data) => {
        if (isLanguage(data.language)) return useLanguageStore.getState().apply(data.language, true);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
}

/** The signed-in person's brand (src/lib/brand.ts), asked again when the person changes. */
function useSignedInBrand(user: SessionUser) {
  const person = `${user.userId}:${user.shadowId ?? ''}`;
  useEffect(() => {
    if (person) void refreshBrand();
  }, [person]);
}

/** The current page's name: the browser tab's title and the page's level-1 heading. */
function useLayoutTitle(): string | null {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSessionStore((s) => s.user);
  const route = routeByPath(pathname);
  let title: string | null = null;
  if (pathname === '/refresh') title = t('routes.refresh');
  else if (route && !isAvailable(route.key, user)) title = t('routes.forbidden');
  else if (route) title = t(`routes.${route.key}`);
  usePageTitle(title);
  return title;
}

export default function MainLayout() {
  const user = useSessionStore((s) => s.user) as SessionUser;
  const collapsed = useUiPreferences((s) => s.menuCollapsed);
  const phone = useIsPhone();
  useUserLayoutState(user, phone);
  useServerLanguage();
  useSignedInBrand(user);
  const title = useLayoutTitle();

  // On a phone the menu is a drawer and the page tabs give way (the drawer and the browser's back do their work).
  return (
    <Layout className={phone ? 'cf-shell cf-shell--phone' : 'cf-shell'} hasSider={!phone}>
      {phone ? (
        <Suspense fallback={null}>
          <PhoneMenu user={user} />
        </Suspense>
      ) : (
        <SideMenu collapsed={collapsed} />
      )}
      <Layout className="cf-main">
        <HeaderBar user={user} phone={phone} />
        <ShellNotices />
        {!phone && (
          <Suspense fallback={<div className="cf-tabs cf-tabs--pending" />}>
            <TabBar />
          </Suspense>
        )}
        {/* The main landmark (antd's Content is a <main>) starts with the page's one level-1 heading: its name,
            which the breadcrumbs already show, so it is there for screen readers and heading navigation only. */}
        <Layout.Content className="cf-content">
          {title && <h1 className="cf-visually-hidden">{title}</h1>}
          <KeepAliveOutlet />
        </Layout.Content>
      </Layout>
      <SearchPanelWhenOpened />
      <Suspense fallback={null}>
        <LiveServices />
      </Suspense>
    </Layout>
  );
}
