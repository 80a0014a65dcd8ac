import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a page that failed to load or to render shows (PageErrorBoundary's fallback). */
export default function PageErrorResult() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('pageError.title')}
      subTitle={t('pageError.subtitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
