import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { RelayTarget } from '@/api/relay';
import type { MapRecord } from '../api/map-records';
import { MapThumb } from './map-thumb';

/** A robot's map as table columns: picture, name (in use, used by which tasks), area, size, resolution, changed. */
export function mapInfoColumns(t: TFunction, target: RelayTarget): ColumnsType<MapRecord> {
  return [
    { title: t('map.table.picture'), key: 'picture', width: 96, render: (_, row) => <MapThumb target={target} path={row.imagePath} name={row.mapName} version={row.version} /> },
    {
      title: t('map.table.name'),
      key: 'name',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Space>
            <span data-testid="map-name">{row.mapName}</span>
            {row.current && <Tag color="success">{t('map.table.inUse')}</Tag>}
          </Space>
          {row.inUse.length > 0 && <small>{t('map.table.usedBy', { names: row.inUse.join(', ') })}</small>}
        </Space>
      ),
    },
    { title: t('map.table.area'), dataIndex: 'area', render: (v: number) => v.toFixed(1) },
    { title: t('map.table.size'), key: 'size', render: (_, row) => `${row.sizeM[0]} × ${row.sizeM[1]}` },
    { title: t('map.table.resolution'), dataIndex: 'resolution' },
    { title: t('map.table.changed'), dataIndex: 'changedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
  ];
}
