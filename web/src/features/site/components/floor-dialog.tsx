import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useElevatorOptions } from '@/api/elevator/elevators';
import { FormModal } from '@/components/form-modal';
import type { ServerFieldMap } from '@/components/form-refusal';
import { enter, numberBetween } from '@/lib/form-rules';
import { useInsertFloor, useUpdateFloor } from '../api/sites';
import type { Building, Floor } from '../api/sites';
import { FloorMaps, type FloorMapValue } from './floor-maps';
import type { BodyOf } from '@/api/types';

/** The add call's body; the building is the dialog's, a map row may be half filled (dropped on save). */
export type FloorValues = Omit<BodyOf<'/api/site/floor/insert'>, 'buildingId' | 'maps'> & { maps: FloorMapValue[] };

const MAX_ELEVATORS = 20;
/** A refused elevator is named by its place in the list (`elevatorIds.3`): shown under the one picker. */
const SERVER_FIELDS: ServerFieldMap = Object.fromEntries(Array.from({ length: MAX_ELEVATORS }, (_, i) => [`elevatorIds.${i}`, 'elevatorIds']));

/**
 * Add a floor to a building or edit one: its name and level, the robots' maps it is cleaned on (a robot, then one
 * of that robot's maps) and the elevators serving it. The lists sent replace the floor's.
 */
export function FloorDialog({ building, floor, onClose }: { building: Building; floor: Floor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FloorValues>();
  const insert = useInsertFloor();
  const update = useUpdateFloor();
  const elevators = useElevatorOptions();
  const save = async (values: FloorValues) => {
    const maps = values.maps.filter((m): m is Required<FloorMapValue> => m.deviceId !== undefined && m.mapName !== undefined);
    const body = { floorName: values.floorName, level: values.level, maps, elevatorIds: values.elevatorIds };
    if (floor) await update.mutateAsync({ floorId: floor.floorId, ...body });
    else await insert.mutateAsync({ buildingId: building.buildingId, ...body });
  };
  const elevatorChoices = (elevators.data ?? []).map((e) => ({ value: e.elevatorId, label: e.buildingName ? `${e.elevatorName} · ${e.buildingName}` : e.elevatorName }));
  for (const tied of floor?.elevators ?? []) {
    if (!elevatorChoices.some((c) => c.value === tied.elevatorId)) elevatorChoices.push({ value: tied.elevatorId, label: tied.elevatorName });
  }
  const nameLabel = t('site.structure.floorName');
  const levelLabel = t('site.structure.level');
  return (
    <FormModal<FloorValues>
      title={floor ? t('site.structure.floorEditTitle', { name: floor.floorName }) : t('site.structure.floorAddTitle', { building: building.buildingName })}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      savedText={floor ? t('site.structure.floorSaved') : t('site.structure.floorCreated')}
      width={760}
      testId="floor-form"
      serverFields={SERVER_FIELDS}
      initialValues={{
        floorName: floor?.floorName ?? '',
        level: floor?.level ?? 1,
        maps: floor?.maps.map((m) => ({ deviceId: m.deviceId, mapName: m.mapName })) ?? [],
        elevatorIds: floor?.elevators.map((e) => e.elevatorId) ?? [],
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={16}>
          <Form.Item name="floorName" label={nameLabel} rules={[enter(t, nameLabel)]}>
            <Input count={{ show: true, max: 64 }} data-testid="floor-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="level" label={levelLabel} rules={[enter(t, levelLabel), numberBetween(t, -20, 300, true)]} extra={t('site.structure.levelHelp')}>
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="floor-level" />
          </Form.Item>
        </Col>
      </Row>
      <FloorMaps known={floor?.maps ?? []} />
      <Form.Item name="elevatorIds" label={t('site.structure.elevators')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={elevators.isPending}
          options={elevatorChoices}
          maxCount={MAX_ELEVATORS}
          placeholder={t('site.structure.elevatorsPlaceholder')}
          data-testid="floor-elevators"
        />
      </Form.Item>
    </FormModal>
  );
}
