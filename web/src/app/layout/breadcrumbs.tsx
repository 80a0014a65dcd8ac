import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routeByPath } from '@/lib/route-table';

/** Status monitoring / group / page. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const route = routeByPath(useLocation().pathname);
  const home = (
    <Link to="/index">
      <HomeOutlined /> <span>{t('routes.index')}</span>
    </Link>
  );
  const items = [{ key: 'home', title: home }];
  if (route && route.key !== 'index') {
    if (route.group) items.push({ key: 'group', title: <span>{t(`menuGroups.${route.group}`)}</span> });
    items.push({ key: 'page', title: <span>{t(`routes.${route.key}`)}</span> });
  }
  return <Breadcrumb className="cf-breadcrumbs" items={items} />;
}
