import { App, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypes } from '@/api/device/device-types';
import { useInsertDevice } from '../api/devices';
import type { Device, DeviceInsertBody, DeviceUpdateBody } from '@/api/device/types';
import { useUpdateDevice } from '../api/devices';
import { useFormRules } from '../lib/form-rules';
import { OwnerPicker } from '@/components/owner-picker';
import { onRefusal } from '@/components/form-refusal';
import { ElevatorPicker } from '@/components/elevator-picker';
import { ConnectionSection, Section, TextItem } from './device-form-fields';


/** Every editable field of a device (product-spec.md 3), as the form holds them. */
/** The add call's fields, each possibly empty while the form is filled (an edit sends the changed ones). */
export type DeviceFormValues = { [K in keyof DeviceInsertBody]?: DeviceInsertBody[K] | null };

type FieldName = keyof DeviceFormValues;
export const TEXT_FIELDS = [
  'deviceCode', 'deviceUrl', 'customerName', 'customerAddress', 'address', 'address1', 'area', 'simNo', 'frpHost',
  'rackNumber', 'firmwareVersion', 'softVersion', 'padVersion', 'hardDiskInfo',
] as const satisfies readonly FieldName[];
export type TextField = (typeof TEXT_FIELDS)[number];
const NUMBER_FIELDS = [
  'deviceType', 'latitude', 'longitude', 'simSupport', 'frpPort', 'sshPort', 'webPort', 'protocolVersion', 'elevatorId',
] as const satisfies readonly FieldName[];

export function formValuesOf(device: Device): DeviceFormValues {
  const values: DeviceFormValues = { deviceSerialNumber: device.deviceSerialNumber };
  for (const name of TEXT_FIELDS) values[name] = device[name] ?? '';
  for (const name of NUMBER_FIELDS) values[name] = device[name] ?? null;
  // Coordinates read to 6 decimals (about 10 cm), without float noise such as 31.232200000000002.
  for (const name of ['latitude', 'longitude'] as const) {
    const value = values[name];
    if (typeof value === 'number') values[name] = Number(value.toFixed(6));
  }
  return values;
}

/** What an edit sends: the fields that changed (the server changes only the fields sent). */
export function changedFields(before: DeviceFormValues, after: DeviceFormValues): Partial<DeviceUpdateBody> {
  const changes: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) {
    const value = (after[name] ?? '').trim();
    if (value !== (before[name] ?? '').trim()) changes[name] = value;
  }
  for (const name of NUMBER_FIELDS) {
    const value = after[name] ?? null;
    if (value !== (before[name] ?? null)) changes[name] = value;
  }
  // Never cleared: an empty protocol version keeps the stored one.
  if (changes.protocolVersion === null) delete changes.protocolVersion;
  const password = after.maintenancePassword?.trim();
  if (password) changes.maintenancePassword = password;
  return changes as Partial<DeviceUpdateBody>;
}

/** What an add sends: the filled fields. */
export function insertBody(values: DeviceFormValues): DeviceInsertBody {
  const body: Record<string, unknown> = { deviceSerialNumber: values.deviceSerialNumber?.trim() };
  for (const name of TEXT_FIELDS) {
    const value = values[name]?.trim();
    if (value) body[name] = value;
  }
  for (const name of NUMBER_FIELDS) if (values[name] !== null && values[name] !== undefined) body[name] = values[name];
  if (values.userId) body.userId = values.userId;
  if (values.maintenancePassword?.trim()) body.maintenancePassword = values.maintenancePassword.trim();
  return body as unknown as DeviceInsertBody;
}

interface Props {
  open: boolean;
  /** The device to edit; none to add one. */
  device: Device | null;
  onClose(): void;
}


export function DeviceFormModal({ open, device, onClose }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<DeviceFormValues>();
  const rules = useFormRules();
  const types = useDeviceTypes();
  const insert = useInsertDevice();
  const update = useUpdateDevice();
  const initial = useMemo<DeviceFormValues>(() => (device ? formValuesOf(device) : { protocolVersion: 3 }), [device]);
  const editing = device !== null;

  const submit = async () => {
    let values: DeviceFormValues;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('device.validation.formFailed'));
      return;
    }
    if (device) {
      const changes = changedFields(initial, values);
      if (Object.keys(changes).length > 0) await update.mutateAsync({ deviceId: device.deviceId, ...changes });
      void message.success(t('device.form.saved'));
      onClose();
      return;
    }
    const created = await insert.mutateAsync(insertBody(values));
    onClose();
    modal.success({
      title: t('device.form.addedTitle', { name: created.deviceCode }),
      width: 520,
      content: (
        <Space orientation="vertical" size={8}>
          <Typography.Text>{t('device.form.secretHint')}</Typography.Text>
          <Typography.Text code copyable={{ text: created.deviceSecret }} data-testid="device-secret">
            {created.deviceSecret}
          </Typography.Text>
        </Space>
      ),
    });
  };

  return (
    <Modal
      open={open}
      title={editing ? t('device.form.editTitle', { name: device.deviceCode }) : t('device.form.addTitle')}
      width={920}
      okText={t('device.common.save')}
      cancelText={t('device.common.cancel')}
      onOk={() => void submit().catch(onRefusal(form))}
      onCancel={onClose}
      confirmLoading={insert.isPending || update.isPending}
      destroyOnHidden
      data-testid="device-form"
    >
      <Form form={form} layout="vertical" initialValues={initial} requiredMark className="cf-devices__form">
        <Section title={t('device.form.sections.basic')} />
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="deviceSerialNumber" label={t('device.fields.deviceSerialNumber')} required={!editing} rules={editing ? [] : [rules.serialNumber(t('device.fields.deviceSerialNumber'))]}>
              <Input count={{ show: true, max: 64 }} disabled={editing} data-testid="form-serial" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="deviceCode" label={t('device.fields.deviceCode')} required rules={[rules.name(t('device.fields.deviceCode'))]}>
              <Input count={{ show: true, max: 64 }} data-testid="form-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="deviceType" label={t('device.fields.deviceType')} required rules={[rules.required(t('device.fields.deviceType'))]}>
              <Select
                data-testid="form-type"
                loading={types.isLoading}
                options={(types.data ?? []).map((type) => ({ value: type.typeId, label: type.typeName }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
          {editing ? null : (
            <Col xs={24} md={8}>
              <Form.Item name="userId" label={t('device.fields.owner')} extra={t('device.form.ownerHint')}>
                <OwnerPicker data-testid="form-owner" />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={8}>{text('customerName', 64)}</Col>
          <Col xs={24} md={8}>{text('deviceUrl', 512)}</Col>
        </Row>
        <Section title={t('device.form.sections.location')} />
        <Row gutter={16}>
          <Col xs={24} md={8}>{text('address')}</Col>
          <Col xs={24} md={8}>{text('address1')}</Col>
          <Col xs={24} md={8}>{text('customerAddress')}</Col>
          <Col xs={24} md={8}>{text('area', 64)}</Col>
          <Col xs={12} md={8}>
            <Form.Item name="latitude" label={t('device.fields.latitude')} rules={[rules.latitude]}>
              <InputNumber step={0.0001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="longitude" label={t('device.fields.longitude')} rules={[rules.longitude]}>
              <InputNumber step={0.0001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <ConnectionSection form={form} open={open} />
        <Section title={t('device.form.sections.versions')} />
        <Row gutter={16}>
          <Col xs={24} md={8}>{text('firmwareVersion', 64)}</Col>
          <Col xs={24} md={8}>{text('softVersion', 64)}</Col>
          <Col xs={24} md={8}>{text('padVersion', 64)}</Col>
          <Col xs={24} md={8}>{text('hardDiskInfo')}</Col>
          <Col xs={12} md={8}>
            <Form.Item name="protocolVersion" label={t('device.fields.protocolVersion')} rules={[rules.protocolVersion]} extra={t('device.form.protocolHint')}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="elevatorId" label={t('device.fields.elevatorId')}>
              <ElevatorPicker placeholder={t('device.owner.elevatorHint')} data-testid="device-elevator" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="maintenancePassword" label={t('device.fields.maintenancePassword')} extra={editing ? t('device.form.passwordHint') : undefined}>
              <Input.Password count={{ show: true, max: 64 }} autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** A text field of the device form in its column. */
function text(name: TextField, max = 255) {
  return <TextItem name={name} max={max} />;
}
