import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMapList } from '@/api/map/map-list';
import { DevicePicker, type PickedDevice } from '@/components/device-picker';
import { choose } from '@/lib/form-rules';

export interface FloorMapValue {
  deviceId?: number;
  mapName?: string;
}

const MAX_MAPS = 50;

/** The maps a floor is cleaned on: rows of a robot (the one device picker) and one of that robot's maps. */
export function FloorMaps({ known }: { known: readonly PickedDevice[] }) {
  const { t } = useTranslation();
  return (
    <Form.List name="maps">
      {(fields, { add, remove }) => (
        <fieldset className="cf-site-maps" data-testid="floor-maps">
          <legend>{t('site.structure.maps')}</legend>
          <Typography.Paragraph type="secondary" className="cf-site-maps__help">
            {t('site.structure.mapsHelp')}
          </Typography.Paragraph>
          {fields.map((field) => (
            <MapRow key={field.key} name={field.name} known={known} onRemove={() => remove(field.name)} />
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={fields.length >= MAX_MAPS} data-testid="add-floor-map">
            {t('site.structure.addMap')}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}

function MapRow({ name, known, onRemove }: { name: number; known: readonly PickedDevice[]; onRemove: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const deviceId = Form.useWatch<number | undefined>(['maps', name, 'deviceId'], form);
  const maps = useMapList(deviceId ?? 0, deviceId !== undefined);
  const robotLabel = t('site.structure.robot');
  const mapLabel = t('site.structure.map');
  const initial = known.find((k) => k.deviceId === deviceId);
  const choices = (maps.data?.list ?? []).map((m) => {
    const place = [m.building, m.floor ? t('site.structure.mapFloor', { floor: m.floor }) : ''].filter((part) => part !== '');
    return { value: m.mapName, label: place.length ? `${m.mapName} (${place.join(' · ')})` : m.mapName };
  });
  return (
    <Row gutter={12} align="top" className="cf-site-map-row" data-testid={`floor-map-${name}`}>
      <Col xs={24} sm={11}>
        <Form.Item name={[name, 'deviceId']} label={robotLabel} rules={[choose(t, robotLabel)]}>
          <DevicePicker<number | undefined>
            initial={initial}
            style={{ width: '100%', minWidth: 0 }}
            onChange={() => form.setFieldValue(['maps', name, 'mapName'], undefined)}
            data-testid={`floor-map-robot-${name}`}
          />
        </Form.Item>
      </Col>
      <Col xs={20} sm={11}>
        <Form.Item name={[name, 'mapName']} label={mapLabel} rules={[choose(t, mapLabel)]}>
          <Select<string>
            showSearch={{ optionFilterProp: 'label' }}
            disabled={deviceId === undefined}
            loading={maps.isFetching}
            options={choices}
            placeholder={deviceId === undefined ? t('site.structure.robotFirst') : t('site.structure.mapPlaceholder')}
            notFoundContent={maps.isFetching ? t('common.loading') : t('site.structure.noMaps')}
            data-testid={`floor-map-name-${name}`}
          />
        </Form.Item>
      </Col>
      <Col xs={4} sm={2} className="cf-site-map-row__remove">
        <Button type="text" icon={<MinusCircleOutlined />} onClick={onRemove} aria-label={t('site.structure.removeMap')} data-testid={`remove-floor-map-${name}`} />
      </Col>
    </Row>
  );
}
