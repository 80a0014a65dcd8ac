import { Button, Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerPicker } from '@/components/owner-picker';
import { LoadFailed } from '@/components/query-state';
import { ResponsiveFilters } from '@/components/responsive-filters';
import { ResponsiveTable } from '@/components/responsive-table';
import { hasPermission, useSessionStore } from '@/lib/session';
import type { OpenAlarm } from './api/open-alarms';
import { useLiveAlarmColumns } from './components/live-alarm-columns';
import { useLiveAlarms } from './lib/use-live-alarms';
import './live-alarms-page.css';

const RESOLVE_KEY = 'index/realWarn/resolve';

/**
 * Live alarms (index/realWarn): the subtree's unresolved alarms, newest first, reloaded as the
 * socket reports new, cleared and resolved ones; "resolve" marks all of a device's open alarms.
 * On a phone the rows are cards and the filters a folded panel.
 */
export default function LiveAlarmsPage() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const { alarms, filter, applyFilter, paging, setPaging, arrived, resolve, confirmResolve } = useLiveAlarms();
  const columns = useLiveAlarmColumns({
    arrived,
    canResolve: hasPermission(user, RESOLVE_KEY),
    resolvingSerial: resolve.isPending ? resolve.variables : undefined,
    onResolve: confirmResolve,
  });

  return (
    <Card
      title={t('routes.index/realWarn')}
      extra={alarms.data ? <span data-testid="open-alarm-total">{t('monitor.realWarn.total', { count: alarms.data.total })}</span> : null}
      className="cf-live-alarms"
    >
      <LiveAlarmFilters canPickOwner={hasPermission(user, 'device/index')} userId={filter.userId} active={Object.keys(filter).filter((k) => filter[k as keyof typeof filter] !== undefined).length} onApply={applyFilter} />
      {alarms.isError && !alarms.data ? (
        <LoadFailed title={t('monitor.realWarn.loadFailed')} onRetry={alarms.refetch} retryText={t('monitor.robots.retry')} />
      ) : (
        <div data-testid="live-alarms">
          <ResponsiveTable<OpenAlarm>
            rowKey="warnId"
            size="small"
            cardTitleKey="device"
            cardTestId="live-alarm-card"
            columns={columns}
            dataSource={alarms.data?.list ?? []}
            loading={alarms.isPending}
            locale={{ emptyText: t('monitor.realWarn.empty') }}
            scroll={{ x: 900 }}
            pagination={{
              current: paging.currentPage,
              pageSize: paging.pageSize,
              total: alarms.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (currentPage, pageSize) => setPaging({ currentPage, pageSize }),
            }}
          />
        </div>
      )}
    </Card>
  );
}

interface FilterProps {
  canPickOwner: boolean;
  userId: number | undefined;
  active: number;
  onApply(patch: { userId?: number; deviceSerialNumber?: string } | null): void;
}

/** Owner (applied at once) and serial number (applied by search); reset clears both. */
function LiveAlarmFilters({ canPickOwner, userId, active, onApply }: FilterProps) {
  const { t } = useTranslation();
  const [serial, setSerial] = useState('');
  const search = () => onApply({ deviceSerialNumber: serial.trim() || undefined });
  return (
    <ResponsiveFilters className="cf-live-alarms__filters" active={active}>
      {canPickOwner && (
        <OwnerPicker
          value={userId ?? null}
          onChange={(id) => onApply({ userId: id ?? undefined })}
          placeholder={t('monitor.filters.owner')}
          style={{ minWidth: 220 }}
          aria-label={t('monitor.filters.owner')}
        />
      )}
      <Input
        allowClear
        value={serial}
        onChange={(event) => setSerial(event.target.value)}
        onPressEnter={search}
        placeholder={t('monitor.realWarn.serialPlaceholder')}
        aria-label={t('monitor.realWarn.serialPlaceholder')}
        style={{ width: 200 }}
      />
      <Button type="primary" onClick={search}>
        {t('monitor.realWarn.search')}
      </Button>
      <Button
        onClick={() => {
          setSerial('');
          onApply(null);
        }}
      >
        {t('monitor.realWarn.reset')}
      </Button>
    </ResponsiveFilters>
  );
}
