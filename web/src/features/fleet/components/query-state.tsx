import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface QueryStateProps {
  query: QueryLike;
  /** No data to show (an empty list): the empty state instead of the children. */
  empty?: boolean;
  emptyText?: string;
  rows?: number;
  children: ReactNode;
}

/**
 * Loading, failure and empty states around a query's content. The API client has already shown
 * the server's message as a toast, so a failure here only offers to try again.
 */
export function QueryState({ query, empty = false, emptyText, rows = 4, children }: QueryStateProps) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active paragraph={{ rows }} />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('fleet.common.loadFailed')}
        extra={
          <Button onClick={() => void query.refetch()} data-testid="retry">
            {t('fleet.common.retry')}
          </Button>
        }
      />
    );
  }
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('fleet.common.empty')} />;
  return <>{children}</>;
}
