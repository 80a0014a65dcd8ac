import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/use-page-title';

/** The catch-all 404 page, outside the main layout, with a way back. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('routes.notFound'));
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subtitle')}
        extra={
          <Link to="/index">
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      />
    </main>
  );
}
