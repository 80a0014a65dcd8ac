import { Tag } from 'antd';
import { ResponsiveTable } from '@/components/responsive-table';
import { useTranslation } from 'react-i18next';
import { useMaintenance } from '@/api/device/maintenance';
import type { Reminder } from '@/api/device/types';
import { QueryState } from '@/components/query-state';
import { formatHours, formatTime } from '../../lib/format';
import { TableEmpty } from '../../components/table-empty';

/** The device's maintenance reminders with their next due time. */
export function MaintenanceTable({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const maintenance = useMaintenance(serial);
  return (
    <QueryState query={maintenance}>
      <ResponsiveTable<Reminder>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={maintenance.data?.list ?? []}
        locale={{ emptyText: <TableEmpty text={t('fleet.info.noReminders')} /> }}
        columns={[
          { title: t('fleet.info.reminder'), dataIndex: 'name', key: 'name' },
          { title: t('fleet.info.lastMaintained'), dataIndex: 'maintainDate', key: 'date', render: formatTime },
          {
            title: t('fleet.info.period'),
            dataIndex: 'periodHours',
            key: 'period',
            render: (hours: number) => t('fleet.info.hours', { value: formatHours(hours) }),
          },
          {
            title: t('fleet.info.nextDue'),
            key: 'next',
            render: (_, r) => (
              <>
                {formatTime(r.nextDue)} {r.due ? <Tag color="error">{t('fleet.info.due')}</Tag> : null}
              </>
            ),
          },
        ]}
      />
    </QueryState>
  );
}
