import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSessionStore } from '@/lib/session';
import { OwnerPicker } from '@/components/owner-picker';
import { useDeviceGroupOptions } from '../api/groups';

export interface MonitorFilterValue {
  userId: number | null;
  groupId: number | null;
}

interface MonitorFiltersProps {
  value: MonitorFilterValue;
  onChange(value: MonitorFilterValue): void;
}

/**
 * Owner (the device list's lazily loaded owner tree) and device group. Each shows only to users
 * who may read its list (device/index, device/group); the data is the subtree's either way.
 */
export function MonitorFilters({ value, onChange }: MonitorFiltersProps) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const owners = hasPermission(user, 'device/index');
  const groupsAllowed = hasPermission(user, 'device/group');
  const groups = useDeviceGroupOptions(groupsAllowed);
  if (!owners && !groupsAllowed) return null;
  return (
    <Space wrap className="cf-monitor__filters">
      {owners && (
        <OwnerPicker
          value={value.userId}
          onChange={(userId) => onChange({ ...value, userId })}
          placeholder={t('monitor.filters.owner')}
          style={{ minWidth: 220 }}
          aria-label={t('monitor.filters.owner')}
          data-testid="monitor-owner"
        />
      )}
      {groupsAllowed && (
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={value.groupId ?? undefined}
          onChange={(groupId) => onChange({ ...value, groupId: groupId ?? null })}
          placeholder={t('monitor.filters.allGroups')}
          aria-label={t('monitor.filters.group')}
          loading={groups.isPending && groups.fetchStatus !== 'idle'}
          options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          style={{ minWidth: 200 }}
          data-testid="monitor-group"
        />
      )}
      {(value.userId !== null || value.groupId !== null) && (
        <Button onClick={() => onChange({ userId: null, groupId: null })}>{t('monitor.filters.reset')}</Button>
      )}
    </Space>
  );
}
