import { App, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '@/api/device/types';
import { useUpdateDeviceOwner, type OwnerChange } from '../api/devices';
import { useFormRules } from '../lib/form-rules';
import { OwnerPicker } from '@/components/owner-picker';
import { onRefusal } from '@/components/form-refusal';
import { ElevatorPicker } from '@/components/elevator-picker';

/** The owner change without the device; the owner is unset until one is picked. */
type Values = Omit<OwnerChange, 'deviceId' | 'userId'> & { userId: number | null };

/** Edit owner or elevator: give the device to a user of the subtree and set its elevator. */
export function DeviceOwnerModal({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const change = useUpdateDeviceOwner();

  const submit = async () => {
    const values = await form.validateFields();
    if (values.userId === null) return;
    await change.mutateAsync({ deviceId: device.deviceId, userId: values.userId, elevatorId: values.elevatorId ?? null });
    void message.success(t('device.owner.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('device.owner.title', { name: device.deviceCode })}
      okText={t('device.common.save')}
      cancelText={t('device.common.cancel')}
      onOk={() => void submit().catch(onRefusal(form))}
      onCancel={onClose}
      confirmLoading={change.isPending}
      data-testid="device-owner-modal"
    >
      <Typography.Paragraph type="secondary">{t('device.owner.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ userId: device.userId, elevatorId: device.elevatorId }}>
        <Form.Item name="userId" label={t('device.fields.owner')} required rules={[rules.required(t('device.fields.owner'))]}>
          <OwnerPicker allowClear={false} data-testid="owner-select" />
        </Form.Item>
        <Form.Item name="elevatorId" label={t('device.fields.elevatorId')} extra={t('device.owner.elevatorHint')}>
          <ElevatorPicker data-testid="owner-elevator" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
