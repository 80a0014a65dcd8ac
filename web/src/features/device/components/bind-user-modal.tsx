import { App, Button, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBindDeviceUser } from '../api/devices';
import type { Device } from '@/api/device/types';
import { useFormRules } from '../lib/form-rules';
import { OwnerPicker } from '@/components/owner-picker';
import { onRefusal } from '@/components/form-refusal';

/** Bind a device to a user of the subtree, or take it back to the signed-in user. */
export function BindUserModal({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userId: number | null }>();
  const rules = useFormRules();
  const bind = useBindDeviceUser();

  const run = async (userId: number | null) => {
    const updated = await bind.mutateAsync({ deviceId: device.deviceId, userId });
    void message.success(
      userId === null ? t('device.bind.unbound') : t('device.bind.bound', { name: updated.deviceCode, user: updated.userName || updated.account }),
    );
    onClose();
  };

  const submit = async () => {
    const { userId } = await form.validateFields();
    await run(userId);
  };

  return (
    <Modal
      open
      title={t('device.bind.title', { name: device.deviceCode })}
      onCancel={onClose}
      data-testid="bind-user-modal"
      footer={[
        <Button key="unbind" onClick={() => void run(null).catch(() => undefined)} disabled={bind.isPending}>
          {t('device.bind.unbind')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('device.common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={bind.isPending} onClick={() => void submit().catch(onRefusal(form))} data-testid="bind-submit">
          {t('device.bind.submit')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {t('device.bind.current', { user: device.userName || device.account })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="userId" label={t('device.bind.user')} required rules={[rules.required(t('device.bind.user'))]}>
          <OwnerPicker data-testid="bind-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
