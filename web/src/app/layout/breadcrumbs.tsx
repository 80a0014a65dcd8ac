import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routeByPath } from '@/lib/route-table';

/**
 * Status monitoring / group / page. Below the home page the home crumb is its icon alone (named for
 * screen readers and on hover): at 1440 px the header's tools leave the crumbs about 370 px, and the
 * current page's name ("Whole-machine versions") is the one part that must not be cut.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const route = routeByPath(useLocation().pathname);
  const atHome = !route || route.key === 'index';
  const home = (
    <Link to="/index" aria-label={t('routes.index')} title={t('routes.index')}>
      <HomeOutlined />{atHome ? <span> {t('routes.index')}</span> : null}
    </Link>
  );
  const items = [{ key: 'home', title: home }];
  if (route && route.key !== 'index') {
    if (route.group) items.push({ key: 'group', title: <span>{t(`menuGroups.${route.group}`)}</span> });
    items.push({ key: 'page', title: <span>{t(`routes.${route.key}`)}</span> });
  }
  return <Breadcrumb className="cf-breadcrumbs" items={items} />;
}
