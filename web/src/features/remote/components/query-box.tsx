import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading, failure (the client already toasted the message: offer to try again) and empty states. */
export function QueryBox({ query, empty, emptyText, children }: { query: QueryLike; empty: boolean; emptyText: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active />;
  if (query.isError) {
    return <Result status="warning" title={t('remote.loadFailed')} extra={<Button onClick={() => void query.refetch()}>{t('common.reload')}</Button>} />;
  }
  if (empty) return <Empty description={emptyText} />;
  return <>{children}</>;
}
