import { ThunderboltOutlined } from '@ant-design/icons';
import { App, AutoComplete, Button, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypes } from '@/api/device/get-device-types';
import { useTransferNodes } from '../api/get-transfer-nodes';
import { useGenerateFrpPort } from '@/api/device/generate-frp-port';
import { useInsertDevice } from '../api/insert-device';
import type { Device, DeviceInsertBody, DeviceUpdateBody } from '@/api/device/types';
import { useUpdateDevice } from '../api/update-device';
import { SIM_PROVIDERS, simProviderName } from '../lib/device-display';
import { useFormRules, validationMessage } from '../lib/form-rules';
import { checkFrpPort, PORT_MAX, PORT_MIN } from '../lib/validators';
import { OwnerPicker } from '@/components/owner-picker';
import { useCan } from '@/lib/use-can';
import { onRefusal } from '@/components/form-refusal';
import { ElevatorPicker } from '@/components/elevator-picker';

/** Connection fields (transfer node, ports) are the robot's registration's or a node administrator's to set. */
const CONNECTION_KEY = 'device/index/hostManage';

/** Every editable field of a device (product-spec.md 3), as the form holds them. */
export interface DeviceFormValues {
  deviceSerialNumber?: string;
  userId?: number | null;
  deviceCode?: string;
  deviceType?: number | null;
  deviceUrl?: string;
  customerName?: string;
  customerAddress?: string;
  address?: string;
  address1?: string;
  area?: string;
  latitude?: number | null;
  longitude?: number | null;
  simNo?: string;
  simSupport?: number | null;
  frpHost?: string;
  frpPort?: number | null;
  sshPort?: number | null;
  webPort?: number | null;
  rackNumber?: string;
  firmwareVersion?: string;
  softVersion?: string;
  padVersion?: string;
  hardDiskInfo?: string;
  protocolVersion?: number | null;
  elevatorId?: number | null;
  maintenancePassword?: string;
}

type FieldName = keyof DeviceFormValues;
const TEXT_FIELDS = [
  'deviceCode', 'deviceUrl', 'customerName', 'customerAddress', 'address', 'address1', 'area', 'simNo', 'frpHost',
  'rackNumber', 'firmwareVersion', 'softVersion', 'padVersion', 'hardDiskInfo',
] as const satisfies readonly FieldName[];
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

function Section({ title }: { title: string }) {
  return (
    <Divider titlePlacement="start" plain className="cf-devices__section">
      {title}
    </Divider>
  );
}

export function DeviceFormModal({ open, device, onClose }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<DeviceFormValues>();
  const rules = useFormRules();
  const types = useDeviceTypes();
  const nodes = useTransferNodes(open);
  const insert = useInsertDevice();
  const update = useUpdateDevice();
  const generatePort = useGenerateFrpPort();
  const initial = useMemo<DeviceFormValues>(() => (device ? formValuesOf(device) : { protocolVersion: 3 }), [device]);
  const frpHost = Form.useWatch('frpHost', form);
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

  const connectionLocked = !can(CONNECTION_KEY);
  const connectionHint = connectionLocked
    ? t('device.form.connectionLocked')
    : t('device.form.portRange', { min: PORT_MIN, max: PORT_MAX });

  const fillPort = async () => {
    const host = form.getFieldValue('frpHost') as string | undefined;
    if (!host?.trim()) return;
    const granted = await generatePort.mutateAsync({ frpHost: host.trim() });
    form.setFieldValue('frpPort', granted.frpPort);
    void form.validateFields(['frpPort']);
  };

  const port = (name: 'sshPort' | 'webPort') => (
    <Form.Item name={name} label={t(`device.fields.${name}`)} rules={[rules.port]} extra={connectionHint}>
      <InputNumber style={{ width: '100%' }} disabled={connectionLocked} />
    </Form.Item>
  );
  const text = (name: (typeof TEXT_FIELDS)[number], max = 255) => (
    <Form.Item name={name} label={t(`device.fields.${name}`)}>
      <Input maxLength={max} />
    </Form.Item>
  );

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
        <Section title={t('device.form.sections.connection')} />
        <Row gutter={16}>
          <Col xs={24} md={8}>{text('simNo', 32)}</Col>
          <Col xs={24} md={8}>
            <Form.Item name="simSupport" label={t('device.fields.simSupport')}>
              <Select allowClear data-testid="form-sim" options={SIM_PROVIDERS.map((code) => ({ value: code, label: simProviderName(code, t) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>{text('rackNumber', 32)}</Col>
          <Col xs={24} md={8}>
            <Form.Item name="frpHost" label={t('device.fields.frpHost')}>
              <AutoComplete
                disabled={connectionLocked}
                options={(nodes.data ?? []).map((node) => ({ value: node.domain, label: `${node.name} · ${node.domain}` }))}
                placeholder={t('device.form.frpHostPlaceholder')}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {/* htmlFor: the label names the port input of the inner item (it has no name of its own) */}
            <Form.Item label={t('device.fields.frpPort')} htmlFor="frpPort" required={false} extra={connectionHint}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="frpPort"
                  noStyle
                  dependencies={['frpHost']}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_, value) => {
                        const key = checkFrpPort(value, getFieldValue('frpHost'));
                        return key ? Promise.reject(new Error(validationMessage(t, key))) : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <InputNumber style={{ width: '100%' }} data-testid="form-frp-port" disabled={connectionLocked} />
                </Form.Item>
                <Button
                  icon={<ThunderboltOutlined />}
                  disabled={connectionLocked || !frpHost?.trim()}
                  loading={generatePort.isPending}
                  onClick={() => void fillPort().catch(() => undefined)}
                  title={frpHost?.trim() ? undefined : t('device.validation.portNeedsHost')}
                >
                  {t('device.form.generatePort')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>{port('sshPort')}</Col>
          <Col xs={12} md={8}>{port('webPort')}</Col>
        </Row>
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
