import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { alarmText } from '@/lib/alarm-text';
import { useAlarms, type Alarm } from '../api/alarms';
import { useAlarmListState, type DayRange } from '../lib/use-alarm-list';
import { useLinkedAlarm } from '../lib/use-linked-alarm';
import { useReloadOnAlarms } from '../lib/use-reload-on-alarms';
import { AlarmDetail } from './alarm-detail';
import { useAlarmColumns } from './alarm-columns';
import { AlarmFilters } from './alarm-filters';
import { ResolveDialog } from './resolve-dialog';

const PAGE_SIZE = 20;

interface Props {
  /** The page whose resolve and delete buttons the user must hold (warn/index/warn or device/warn). */
  page: string;
  /** One device's alarms (the device alarm page). */
  deviceId?: number;
  ownerFilter?: boolean;
  /** Days to start filtered to (a link's `startDate`/`endDate`: robot health's evidence). */
  initialRange?: DayRange;
}

/**
 * The alarms with filters (name, type, level, state, dates, owner), detail, resolve and delete. On a phone the
 * rows are cards and the filters a folded panel (components/responsive-table.tsx).
 */
export function AlarmList({ page, deviceId, ownerFilter = true, initialRange }: Props) {
  const { t, i18n } = useTranslation();
  const state = useAlarmListState(initialRange);
  const { filters, currentPage, setCurrentPage, detail, setDetail, resolving, setResolving } = state;
  const alarms = useAlarms({ ...filters, deviceId, currentPage, pageSize: PAGE_SIZE });
  const text = (alarm: Alarm) => alarmText(t, alarm, (key) => i18n.exists(key));
  const columns = useAlarmColumns({ page, text, onDetail: setDetail, onResolve: setResolving });
  useReloadOnAlarms();
  useLinkedAlarm(setDetail);

  return (
    <>
      <AlarmFilters state={state} ownerFilter={ownerFilter} serialFilter={deviceId === undefined} />
      {alarms.isError && !alarms.data ? (
        <LoadFailed title={t('warn.loadFailed')} onRetry={alarms.refetch} retryText={t('warn.retry')} />
      ) : (
        <ResponsiveTable<Alarm>
          rowKey="warnId"
          size="small"
          data-testid="alarm-table"
          cardTitleKey="device"
          cardTestId="alarm-card"
          columns={columns}
          dataSource={alarms.data?.list ?? []}
          loading={alarms.isPending || (alarms.isFetching && alarms.isPlaceholderData)}
          locale={{ emptyText: t('warn.empty') }}
          scroll={{ x: 1000 }}
          pagination={{
            current: currentPage,
            pageSize: PAGE_SIZE,
            total: alarms.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('warn.total', { count: total }),
            onChange: setCurrentPage,
          }}
        />
      )}
      {detail ? <AlarmDetail alarm={detail} text={text(detail)} onClose={() => setDetail(null)} /> : null}
      {resolving ? <ResolveDialog alarm={resolving} text={text(resolving)} onClose={() => setResolving(null)} /> : null}
    </>
  );
}
