/** The device form's parts (device-form-modal.tsx): section titles, text fields, and the connection section. */
import { ThunderboltOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Col, Divider, Form, Input, InputNumber, Row, Select, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGenerateFrpPort } from '@/api/device/devices';
import { useCan } from '@/lib/use-can';
import { useTransferNodes } from '../api/transfer-nodes';
import { SIM_PROVIDERS, simProviderName } from '../lib/device-display';
import { validationMessage } from '../lib/form-rules';
import { checkFrpPort, checkPortBehindFrp, PORT_MAX, PORT_MIN } from '../lib/validators';
import type { DeviceFormValues, TextField } from './device-form-modal';

/** Connection fields (transfer node, ports) are the robot's registration's or a node administrator's to set. */
const CONNECTION_KEY = 'device/index/hostManage';

export function Section({ title }: { title: string }) {
  return (
    <Divider titlePlacement="start" plain className="cf-devices__section">
      {title}
    </Divider>
  );
}

export function TextItem({ name, max = 255 }: { name: TextField; max?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(`device.fields.${name}`)}>
      <Input maxLength={max} />
    </Form.Item>
  );
}

/**
 * SIM, rack, transfer node and ports. Without the node administrators' key the node and ports are read-only (the
 * robot's registration sets them); "Generate" asks the node for a free FRP port.
 */
export function ConnectionSection({ form, open }: { form: FormInstance<DeviceFormValues>; open: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const nodes = useTransferNodes(open);
  const generatePort = useGenerateFrpPort();
  const frpHost = Form.useWatch('frpHost', form);
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
    <Form.Item
      name={name}
      label={t(`device.fields.${name}`)}
      dependencies={['frpPort']}
      extra={connectionHint}
      rules={[
        ({ getFieldValue }) => ({
          validator: (_, value) => {
            const key = checkPortBehindFrp(value, getFieldValue('frpPort'));
            return key ? Promise.reject(new Error(validationMessage(t, key))) : Promise.resolve();
          },
        }),
      ]}
    >
      <InputNumber style={{ width: '100%' }} disabled={connectionLocked} />
    </Form.Item>
  );


  return (
    <>
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
    </>
  );
}

/** A text field of the device form in its column. */
function text(name: TextField, max = 255) {
  return <TextItem name={name} max={max} />;
}
