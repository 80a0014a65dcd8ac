import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { permittedRoutes } from '@/app/layout/menu-builder';
import { hasPage } from '@/app/routes/pages';
import { ROUTES } from '@/app/routes/route-table';
import { useSessionStore, type SessionUser } from '@/app/stores/session';
import './index-page.css';

const LEVELS = ['1', '2', '3', '4', '5'] as const;

function levelKey(levelDepth: number) {
  const key = String(levelDepth);
  return (LEVELS as readonly string[]).includes(key) ? (key as (typeof LEVELS)[number]) : null;
}

/** Status monitoring: who is signed in and which console areas are open to them. */
export default function IndexPage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user) as SessionUser;
  const level = levelKey(user.levelDepth);
  const areas = useMemo(
    () =>
      permittedRoutes({ routes: ROUTES, permissionKeys: Object.keys(user.permissionKeys), hasPage }).filter(
        (route) => route.menu && route.key !== 'index',
      ),
    [user],
  );

  return (
    <div className="cf-monitor">
      <Card className="cf-monitor__welcome">
        <div className="cf-monitor__hello">
          <Avatar size={56} src={user.avatarUrl || undefined} icon={<UserOutlined />} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('monitor.welcome', { name: user.name || user.account })}
            </Typography.Title>
            <Typography.Text type="secondary">{level ? t(`levels.${level}`) : user.levelDepth}</Typography.Text>
          </div>
        </div>
      </Card>
      <Card title={t('monitor.accountTitle')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('monitor.account')}>{user.account}</Descriptions.Item>
          <Descriptions.Item label={t('monitor.userId')}>{user.userId}</Descriptions.Item>
          <Descriptions.Item label={t('monitor.level')}>{level ? t(`levels.${level}`) : user.levelDepth}</Descriptions.Item>
          <Descriptions.Item label={t('monitor.actingAs')}>{user.shadowId ?? t('monitor.noShadow')}</Descriptions.Item>
          <Descriptions.Item label={t('monitor.permissionCount')}>{Object.keys(user.permissionKeys).length}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('monitor.areasTitle')}>
        {areas.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.noAreas')} />
        ) : (
          <ul className="cf-monitor__areas">
            {areas.map((route) => (
              <li key={route.key}>
                <Link to={route.path}>
                  {route.group ? `${t(`menuGroups.${route.group}`)} · ` : ''}
                  {t(`routes.${route.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
