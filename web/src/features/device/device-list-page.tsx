import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Spin, Typography, type TableRef } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { useSessionStore, type SessionUser } from '@/lib/session';
import { useDeviceList } from './api/devices';
import { useDeviceExport } from './components/device-export';
import { ColumnPicker } from './components/column-picker';
import { DeviceFilters } from './components/device-filters';
import { DeviceTable } from './components/device-table';
import { DeviceToolbar, type ToolbarDialog } from './components/device-toolbar';
import { PasswordRobotsBar } from './components/password-robots';
import { useDeviceDialogs } from './components/use-device-dialogs';
import { keepColumns, readColumns, type OptionalColumn } from './lib/device-columns';
import { useDeviceKeys } from './lib/permissions';
import { useDeviceSearch } from './lib/use-device-search';
import { useElementSize } from '@/lib/use-element-size';
import './device-list-page.css';
import { LoadFailed } from '@/components/query-state';

/** api-spec.md 9: load more within 600 px of the end; back to top after 100 px. */
export const LOAD_MORE_DISTANCE = 600;
export const BACK_TO_TOP_AFTER = 100;
/** The table's header row (size middle, one line: header cells never wrap). */
const TABLE_HEADER_HEIGHT = 47;

/** The device list (product-spec.md "Device list screen"). */
export default function DeviceListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useSessionStore((s) => s.user) as SessionUser;
  const keys = useDeviceKeys();
  const { applied, draft, setDraft, run, reset } = useDeviceSearch(user.userId);
  const list = useDeviceList(applied);
  const devices = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? [], [list.data]);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const dialogs = useDeviceDialogs();
  const exporter = useDeviceExport();
  const tableRef = useRef<TableRef>(null);
  const [bodyRef, { height: bodyHeight }] = useElementSize<HTMLDivElement>();
  const [showTop, setShowTop] = useState(false);
  const [shown, setShown] = useState<OptionalColumn[]>(() => readColumns(user.userId));
  const chooseColumns = (columns: OptionalColumn[]) => {
    setShown(columns);
    keepColumns(user.userId, columns);
  };
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const error = list.error;
    if (!error || (isApiError(error) && (error.kind === 'aborted' || error.shown))) return;
    void message.error({ content: t('device.list.loadFailed', { reason: error.message }), key: 'device-list', duration: 5 });
  }, [list.error, message, t]);

  const loadMoreIfNear = useCallback(
    (element: HTMLElement) => {
      const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (distance < LOAD_MORE_DISTANCE && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const element = event.currentTarget;
      setShowTop(element.scrollTop > BACK_TO_TOP_AFTER);
      loadMoreIfNear(element);
    },
    [loadMoreIfNear, setShowTop],
  );

  // Rows that do not fill the view yet: keep loading without waiting for a scroll.
  const loadedCount = devices.length;
  useEffect(() => {
    if (loadedCount === 0 || bodyHeight <= 0) return;
    const holder = bodyRef.current?.querySelector<HTMLElement>('.ant-table-tbody-virtual-holder, .cf-devices__cards');
    if (holder) loadMoreIfNear(holder);
  }, [bodyRef, loadedCount, bodyHeight, loadMoreIfNear]);

  const openToolbar = (dialog: ToolbarDialog) => {
    if (dialog === 'export') void exporter.start(applied);
    else dialogs.open(dialog);
  };

  const empty = list.isError ? (
    <LoadFailed title={t('device.list.loadFailedTitle')} onRetry={list.refetch} retryText={t('device.common.retry')} retryTestId="device-list-retry" />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.list.empty')} />
  );

  return (
    <div className="cf-devices" data-testid="device-list-page">
      <Card size="small" className="cf-devices__header">
        <DeviceFilters draft={draft} onDraftChange={setDraft} onSearch={run} onReset={reset} />
        <DeviceToolbar keys={keys} onOpen={openToolbar} exporting={exporter.running} />
      </Card>
      <div className="cf-devices__status" aria-live="polite">
        <Typography.Text
          type="secondary"
          data-testid="device-count"
          data-loaded={devices.length}
          data-total={total}
          data-all={!list.isPending && !hasNextPage}
        >
          {list.isPending
            ? t('device.list.loading')
            : hasNextPage
              ? t('device.list.count', { loaded: devices.length, total })
              : t('device.list.all', { total })}
        </Typography.Text>
        {isFetchingNextPage ? (
          <span className="cf-devices__more" data-testid="device-loading-more">
            <Spin size="small" /> <Typography.Text type="secondary">{t('device.list.loadingMore')}</Typography.Text>
          </span>
        ) : null}
        <PasswordRobotsBar userId={applied.ownerId ?? null} />
        <span className="cf-devices__status-tools">
          {/* beside the count, not floating over the rows: it never covers the last row's menu */}
          {showTop ? (
            <Button
              size="small"
              icon={<VerticalAlignTopOutlined />}
              data-testid="back-to-top"
              onClick={() => {
                tableRef.current?.scrollTo({ top: 0 });
                bodyRef.current?.querySelector('.cf-devices__cards')?.scrollTo({ top: 0 });
                setShowTop(false);
              }}
            >
              {t('device.list.backToTop')}
            </Button>
          ) : null}
          <ColumnPicker value={shown} onChange={chooseColumns} />
        </span>
      </div>
      <div className="cf-devices__body" ref={bodyRef}>
        <DeviceTable
          tableRef={tableRef}
          devices={devices}
          height={bodyHeight - TABLE_HEADER_HEIGHT}
          loading={list.isPending}
          keys={keys}
          shown={shown}
          onAction={dialogs.onAction}
          onScroll={onScroll}
          empty={empty}
        />
      </div>
      {dialogs.node}
      {exporter.modal}
    </div>
  );
}
