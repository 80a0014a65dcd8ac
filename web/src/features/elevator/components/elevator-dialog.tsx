import { Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { OwnerPicker } from '@/components/owner-picker';
import { useInsertElevator, useUpdateElevator } from '../api/elevators';
import type { Elevator } from '../api/elevators';
import { PROVIDERS, providerName, type Provider } from './providers';
import { enter } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

/** The add call's body; an edit sends the same fields with the elevator's id. */
type ElevatorValues = BodyOf<'/api/elevator/insertElevator'>;

const PHONE = /^\d{11}$/;

/** Add or edit an elevator: every field of product-spec 3; the names of the elevator and its building required
 * (product-spec 5), phone 11 digits, floors in order. */
export function ElevatorDialog({ elevator, onClose }: { elevator: Elevator | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ElevatorValues>();
  const insert = useInsertElevator();
  const update = useUpdateElevator();

  const save = async (values: ElevatorValues) => {
    const { userId, ...fields } = values;
    const body = { ...fields, groupId: fields.groupId ?? 0 };
    if (elevator) await update.mutateAsync({ elevatorId: elevator.elevatorId, ...body });
    else await insert.mutateAsync({ ...body, userId: userId ?? undefined });
  };

  const text = (name: Exclude<keyof ElevatorValues, 'userId' | 'provider' | 'groupId' | 'floorMin' | 'floorMax' | 'contactPhone' | 'elevatorName' | 'buildingName'>, max = 64) => (
    <Form.Item name={name} label={t(`elevator.fields.${name}`)}>
      <Input maxLength={max} />
    </Form.Item>
  );

  return (
    <FormModal<ElevatorValues>
      title={elevator ? t('elevator.editTitle', { name: elevator.elevatorName }) : t('elevator.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      savedText={elevator ? t('elevator.saved') : t('elevator.created')}
      width={760}
      testId="elevator-form"
      initialValues={{
        elevatorName: elevator?.elevatorName ?? '',
        code: elevator?.code ?? '',
        buildingName: elevator?.buildingName ?? '',
        buildingAddress: elevator?.buildingAddress ?? '',
        contactName: elevator?.contactName ?? '',
        contactPhone: elevator?.contactPhone ?? '',
        groupId: elevator?.groupId ?? null,
        size: elevator?.size ?? '',
        floorMin: elevator?.floorMin ?? 1,
        floorMax: elevator?.floorMax ?? 1,
        position: elevator?.position ?? '',
        provider: (elevator?.provider as Provider | undefined) ?? 'other',
        moduleId: elevator?.moduleId ?? '',
        robotId: elevator?.robotId ?? '',
        server: elevator?.server ?? '',
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="elevatorName" label={t('elevator.fields.elevatorName')} rules={[enter(t, t('elevator.fields.elevatorName'))]}>
            <Input count={{ show: true, max: 64 }} data-testid="elevator-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>{text('code')}</Col>
        {elevator ? null : (
          <Col xs={24} md={12}>
            <Form.Item name="userId" label={t('elevator.fields.owner')}>
              <OwnerPicker />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Divider titlePlacement="start">{t('elevator.sections.building')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="buildingName" label={t('elevator.fields.buildingName')} rules={[enter(t, t('elevator.fields.buildingName'))]}>
            <Input maxLength={64} data-testid="elevator-building" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>{text('buildingAddress', 255)}</Col>
        <Col xs={24} md={12}>{text('contactName')}</Col>
        <Col xs={24} md={12}>
          <Form.Item name="contactPhone" label={t('elevator.fields.contactPhone')} rules={[{ pattern: PHONE, message: t('elevator.rules.phone') }]}>
            <Input maxLength={11} inputMode="numeric" data-testid="elevator-phone" />
          </Form.Item>
        </Col>
        <Col xs={24}>{text('position', 255)}</Col>
      </Row>
      <Divider titlePlacement="start">{t('elevator.sections.car')}</Divider>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="floorMin" label={t('elevator.fields.floorMin')} rules={[enter(t, t('elevator.fields.floorMin'))]}>
            <InputNumber min={-20} max={300} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="floorMax"
            label={t('elevator.fields.floorMax')}
            dependencies={['floorMin']}
            rules={[
              enter(t, t('elevator.fields.floorMax')),
              ({ getFieldValue }) => ({
                validator: (_rule, value: number | null) =>
                  value === null || value === undefined || value >= Number(getFieldValue('floorMin')) ? Promise.resolve() : Promise.reject(new Error(t('elevator.rules.floors'))),
              }),
            ]}
          >
            <InputNumber min={-20} max={300} precision={0} style={{ width: '100%' }} data-testid="elevator-floor-max" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>{text('size', 32)}</Col>
        <Col xs={12} md={6}>
          <Form.Item name="groupId" label={t('elevator.fields.groupId')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('elevator.sections.controller')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="provider" label={t('elevator.fields.provider')}>
            <Select options={PROVIDERS.map((p) => ({ value: p, label: providerName(p, t('elevator.providers.other')) }))} data-testid="elevator-provider" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>{text('server', 255)}</Col>
        <Col xs={24} md={12}>{text('moduleId')}</Col>
        <Col xs={24} md={12}>{text('robotId')}</Col>
      </Row>
    </FormModal>
  );
}
