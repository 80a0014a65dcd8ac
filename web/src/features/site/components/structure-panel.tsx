import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import { useDeleteBuilding, useDeleteFloor } from '../api/sites';
import type { Building, Floor, SiteDetail } from '../api/sites';
import { BuildingDialog } from './building-dialog';
import { FloorDialog } from './floor-dialog';

const EDIT = 'site/index/edit';

type Editing = { kind: 'building'; building: Building | null } | { kind: 'floor'; building: Building; floor: Floor | null };

/** A site's buildings, each with its floors (their maps and elevators); add, rename, edit and delete behind `edit`. */
export function StructurePanel({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const [editing, setEditing] = useState<Editing | null>(null);
  const removeBuilding = useDeleteBuilding();
  const canEdit = can(EDIT);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="site-structure">
      {canEdit ? (
        <Button icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'building', building: null })} data-testid="add-building">
          {t('site.structure.addBuilding')}
        </Button>
      ) : null}
      {site.buildings.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('site.structure.noBuildings')} /> : null}
      {site.buildings.map((building) => (
        <Card
          key={building.buildingId}
          size="small"
          title={building.buildingName}
          data-testid={`building-${building.buildingName}`}
          extra={
            canEdit ? (
              <Space size={4} wrap>
                <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'floor', building, floor: null })} data-testid={`add-floor-${building.buildingName}`}>
                  {t('site.structure.addFloor')}
                </Button>
                <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ kind: 'building', building })} aria-label={t('site.structure.renameBuildingNamed', { name: building.buildingName })}>
                  {t('site.structure.renameBuilding')}
                </Button>
                <DeleteButton
                  confirm={t('site.structure.deleteBuildingConfirm', { name: building.buildingName })}
                  successText={t('site.structure.buildingDeleted')}
                  onDelete={() => removeBuilding.mutateAsync({ buildingId: building.buildingId })}
                  testId={`delete-building-${building.buildingName}`}
                />
              </Space>
            ) : null
          }
        >
          <FloorTable building={building} canEdit={canEdit} onEdit={(floor) => setEditing({ kind: 'floor', building, floor })} />
        </Card>
      ))}
      {editing?.kind === 'building' ? <BuildingDialog siteId={site.siteId} building={editing.building} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'floor' ? <FloorDialog building={editing.building} floor={editing.floor} onClose={() => setEditing(null)} /> : null}
    </Space>
  );
}

function FloorTable({ building, canEdit, onEdit }: { building: Building; canEdit: boolean; onEdit: (floor: Floor) => void }) {
  const { t } = useTranslation();
  const remove = useDeleteFloor();
  const columns: ColumnsType<Floor> = [
    { title: t('site.structure.floorName'), dataIndex: 'floorName', key: 'name', width: 140 },
    { title: t('site.structure.level'), dataIndex: 'level', key: 'level', width: 72, align: 'end' },
    {
      title: t('site.structure.maps'),
      key: 'maps',
      render: (_, floor) =>
        floor.maps.length === 0 ? (
          <Typography.Text type="secondary">{t('site.structure.none')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {floor.maps.map((m) => (
              <Tag key={`${m.deviceId}:${m.mapName}`} title={m.deviceSerialNumber} className="cf-site-tag">
                {m.deviceCode} · {m.mapName}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('site.structure.elevators'),
      key: 'elevators',
      render: (_, floor) =>
        floor.elevators.length === 0 ? (
          <Typography.Text type="secondary">{t('site.structure.none')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {floor.elevators.map((e) => (
              <Tag key={e.elevatorId} className="cf-site-tag">
                {e.elevatorName}
              </Tag>
            ))}
          </Space>
        ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('site.list.actions'),
      key: 'actions',
      width: 120,
      render: (_, floor) => (
        <Space size={4}>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(floor)} data-testid={`edit-floor-${floor.floorName}`}>
            {t('site.list.edit')}
          </Button>
          <DeleteButton
            confirm={t('site.structure.deleteFloorConfirm', { name: floor.floorName })}
            successText={t('site.structure.floorDeleted')}
            onDelete={() => remove.mutateAsync({ floorId: floor.floorId })}
            testId={`delete-floor-${floor.floorName}`}
          />
        </Space>
      ),
    });
  }
  return (
    <ResponsiveTable<Floor>
      size="small"
      rowKey="floorId"
      columns={columns}
      dataSource={building.floors}
      pagination={false}
      locale={{ emptyText: t('site.structure.noFloors') }}
      cardTestId="floor-card"
      data-testid={`floors-${building.buildingName}`}
    />
  );
}
