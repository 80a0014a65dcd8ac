import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A route the signed-in user holds no key for. */
export function ForbiddenResult() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t('forbidden.subtitle')}
      extra={
        <Link to="/index">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
