import { Tag } from 'antd';
import { ResponsiveTable } from '@/components/responsive-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceHardware } from '@/api/device/hardware';
import { useHardwareHistory } from '@/api/device/hardware';
import type { HardwareChange } from '@/api/device/types';
import { QueryState } from '@/components/query-state';
import { formatTime, orDash } from '../../lib/format';
import { TableEmpty } from '../../components/table-empty';
import { serverPaging } from '../../components/pagination';

/** The parts the device has, one per category. */
export function FittedHardware({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const hardware = useDeviceHardware(deviceId, false);
  return (
    <QueryState query={hardware}>
      <ResponsiveTable
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={hardware.data?.list ?? []}
        locale={{ emptyText: <TableEmpty text={t('fleet.info.noHardware')} /> }}
        columns={[
          { title: t('fleet.hardware.category'), dataIndex: 'cateName', key: 'cate', render: (name: string) => <Tag>{name}</Tag> },
          { title: t('fleet.hardware.partName'), dataIndex: 'name', key: 'name' },
          { title: t('fleet.hardware.version'), dataIndex: 'version', key: 'version', render: orDash },
          { title: t('fleet.info.changeTime'), dataIndex: 'updateTime', key: 'time', render: formatTime },
        ]}
      />
    </QueryState>
  );
}

const SOURCES = ['manual', 'batch'] as const;

/** Every change of the device's parts, newest first. */
export function HardwareHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useHardwareHistory(deviceId, page, 10);
  return (
    <QueryState query={history}>
      <ResponsiveTable<HardwareChange>
        size="small"
        rowKey="id"
        dataSource={history.data?.list ?? []}
        locale={{ emptyText: <TableEmpty text={t('fleet.common.empty')} /> }}
        pagination={serverPaging(page, 10, history.data?.total ?? 0, setPage)}
        columns={[
          { title: t('fleet.info.changeTime'), dataIndex: 'changeTime', key: 'time', render: formatTime },
          { title: t('fleet.hardware.category'), dataIndex: 'cateName', key: 'cate' },
          { title: t('fleet.info.oldPart'), dataIndex: 'oldPart', key: 'old', render: orDash },
          { title: t('fleet.info.newPart'), dataIndex: 'newPart', key: 'new', render: orDash },
          {
            title: t('fleet.info.source'),
            dataIndex: 'source',
            key: 'source',
            render: (source: string) =>
              (SOURCES as readonly string[]).includes(source) ? t(`fleet.info.sources.${source as (typeof SOURCES)[number]}`) : source,
          },
          { title: t('fleet.info.changedBy'), dataIndex: 'account', key: 'account', render: orDash },
        ]}
      />
    </QueryState>
  );
}
