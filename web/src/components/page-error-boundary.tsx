import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function PageErrorResult() {
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

/** Catches a page that fails to load (a chunk gone after an update) or to render. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <PageErrorResult /> : this.props.children;
  }
}
