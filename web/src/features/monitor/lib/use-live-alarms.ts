import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '@/lib/live/connection';
import { useOpenAlarms, type OpenAlarm } from '../api/open-alarms';
import { monitorKeys } from '../api/keys';
import { useResolveDevice } from '../api/resolve-device';
import { useThrottled } from './use-throttled';

const RELOAD_MS = 1_000;

export interface LiveAlarmFilter {
  userId?: number;
  deviceSerialNumber?: string;
}

/**
 * The live alarms page's state: the filter and page, the open alarms (reloaded, at most once a second, as the
 * socket reports alarms raised, cleared or resolved), when each alarm arrived while the page was open (`arrived`,
 * for the "new" tag) and resolving all of a device's open alarms.
 */
export function useLiveAlarms() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<LiveAlarmFilter>({});
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 30 });
  const alarms = useOpenAlarms({ ...filter, ...paging });
  const resolve = useResolveDevice();
  const arrived = useRef(new Map<number, number>());

  const reload = useThrottled(() => void queryClient.invalidateQueries({ queryKey: monitorKeys.openAlarms() }), RELOAD_MS);
  useLiveEvent('alarms', (items) => {
    const now = Date.now();
    for (const item of items) if (item.action === 'raise' && item.warnId) arrived.current.set(item.warnId, now);
    reload();
  });
  useLiveEvent('resync', reload);

  const confirmResolve = (row: OpenAlarm) => {
    const device = row.deviceName || row.deviceSerialNumber;
    resolve.mutate(row.deviceSerialNumber, {
      onSuccess: (answer) => void message.success(t('monitor.realWarn.resolved', { device, count: answer.resolved })),
    });
  };
  /** A new filter (merged into the current one) shows its first page. */
  const applyFilter = (patch: LiveAlarmFilter | null) => {
    setFilter((current) => (patch === null ? {} : { ...current, ...patch }));
    setPaging((current) => ({ ...current, currentPage: 1 }));
  };
  return { alarms, filter, applyFilter, paging, setPaging, arrived, resolve, confirmResolve };
}
