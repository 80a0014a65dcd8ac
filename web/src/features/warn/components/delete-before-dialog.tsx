import { App, DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showOnField } from '@/components/form-refusal';
import { useDeleteAlarms } from '../api/alarms';
import { choose } from '@/lib/form-rules';

/** Deletes a device's alarms raised before a day (after a confirmation naming the device and the day). */
export function DeleteBeforeDialog({ deviceId, device, onClose }: { deviceId: number; device: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ time: Dayjs }>();
  const remove = useDeleteAlarms();
  const submit = async () => {
    const { time } = await form.validateFields();
    modal.confirm({
      title: t('warn.delete.beforeConfirm', { device, day: time.format('YYYY-MM-DD') }),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-before' },
      okText: t('warn.actions.delete'),
      cancelText: t('warn.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ deviceId, time: time.startOf('day').toISOString() })
          .then((answer) => {
            void message.success(t('warn.delete.beforeDone', { count: answer.deleted }));
            onClose();
          })
          .catch((error: unknown) => void showOnField(form, error)),
    });
  };
  return (
    <Modal open title={t('warn.delete.beforeTitle', { device })} okText={t('warn.actions.delete')} cancelText={t('warn.cancel')} okButtonProps={{ danger: true }} onOk={() => void submit().catch(() => undefined)} onCancel={onClose}>
      <Typography.Paragraph type="secondary">{t('warn.delete.beforeHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ time: dayjs().subtract(30, 'day') }}>
        <Form.Item name="time" label={t('warn.delete.beforeTime')} rules={[choose(t, t('warn.delete.beforeTime'))]}>
          <DatePicker disabledDate={(d) => d.isAfter(dayjs().endOf('day'))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
