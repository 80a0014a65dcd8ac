import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  /** The last answer: a failed refresh keeps showing it (the client has toasted the failure). */
  data?: unknown;
  refetch: () => unknown;
}

interface LoadFailedProps {
  /** What could not be loaded; "The data could not be loaded." by default. */
  title?: ReactNode;
  subTitle?: ReactNode;
  /** Offers "Try again" when given. */
  onRetry?: () => unknown;
  retryText?: ReactNode;
  /** The retry button's data-testid. */
  retryTestId?: string;
}

/**
 * The view of a load that failed with nothing to show. The API client has already shown the
 * server's message as a toast, so it only says what is missing and offers to try again.
 */
export function LoadFailed({ title, subTitle, onRetry, retryText, retryTestId = 'retry' }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title ?? t('common.loadFailed')}
      subTitle={subTitle}
      extra={
        onRetry ? (
          <Button onClick={() => void onRetry()} data-testid={retryTestId}>
            {retryText ?? t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** Whether a query failed with no earlier answer to show instead. */
export function failedWithoutData(query: Pick<QueryLike, 'isError' | 'data'>): boolean {
  return query.isError && query.data === undefined;
}

interface QueryStateProps {
  query: QueryLike;
  /** No data to show (an empty list): the empty state instead of the children. */
  empty?: boolean;
  emptyText?: string;
  /** The failure's title (see LoadFailed). */
  failedTitle?: ReactNode;
  /** Shown while the first answer is on its way; a skeleton of `rows` lines by default. */
  loading?: ReactNode;
  rows?: number;
  children: ReactNode;
}

/** Loading, failure and empty states around a query's content. */
export function QueryState({ query, empty = false, emptyText, failedTitle, loading, rows = 4, children }: QueryStateProps) {
  const { t } = useTranslation();
  if (failedWithoutData(query)) return <LoadFailed title={failedTitle} onRetry={query.refetch} />;
  if (query.isPending) return loading ?? <Skeleton active paragraph={{ rows }} />;
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('common.empty')} />;
  return <>{children}</>;
}
