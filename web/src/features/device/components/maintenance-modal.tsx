import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Empty, Form, Input, InputNumber, Modal, Row, Skeleton, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaintenance } from '@/api/device/maintenance';
import type { Device, ReminderItem, Reminders } from '@/api/device/types';
import { useUpdateMaintenance } from '../api/maintenance';
import { formatTime } from '../lib/device-display';
import { useFormRules } from '../lib/form-rules';
import { onRefusal } from '@/components/form-refusal';

/** A reminder of the save call; its date is the picker's value (sent as ISO text), its period may be empty (sent as 0). */
type ReminderValues = Pick<ReminderItem, 'id' | 'name'> & { maintainDate: Dayjs | null; periodHours: number | null };

export function reminderItems(values: ReminderValues[]): ReminderItem[] {
  return values.map((value) => ({
    ...(value.id ? { id: value.id } : {}),
    name: value.name.trim(),
    maintainDate: value.maintainDate ? value.maintainDate.toISOString() : null,
    periodHours: value.periodHours ?? 0,
  }));
}

function MaintenanceForm({ device, data, onClose }: { device: Device; data: Reminders; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reminders: ReminderValues[] }>();
  const rules = useFormRules();
  const save = useUpdateMaintenance();
  const byId = useMemo(() => new Map(data.list.map((r) => [r.id, r])), [data]);
  const initial = useMemo(
    () => ({
      reminders: data.list.map((r) => ({ id: r.id, name: r.name, maintainDate: dayjs(r.maintainDate), periodHours: r.periodHours })),
    }),
    [data],
  );

  const submit = async () => {
    let values: { reminders: ReminderValues[] };
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('device.validation.formFailed'));
      return;
    }
    await save.mutateAsync({ serialNumber: device.deviceSerialNumber, reminders: reminderItems(values.reminders ?? []) });
    void message.success(t('device.maintenance.saved'));
    onClose();
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial}>
      <Form.List name="reminders">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.maintenance.empty')} /> : null}
            {fields.map((field) => {
              const id = form.getFieldValue(['reminders', field.name, 'id']) as number | undefined;
              const stored = id ? byId.get(id) : undefined;
              return (
                <Row key={field.key} gutter={12} align="top" className="cf-devices__reminder" data-testid="reminder-row">
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Col xs={24} md={8}>
                    <Form.Item name={[field.name, 'name']} label={t('device.maintenance.name')} required rules={[rules.name(t('device.maintenance.name'))]}>
                      <Input count={{ show: true, max: 64 }} data-testid="reminder-name" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name={[field.name, 'maintainDate']} label={t('device.maintenance.date')}>
                      <DatePicker showTime style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={5}>
                    <Form.Item name={[field.name, 'periodHours']} label={t('device.maintenance.period')} required rules={[rules.positive(t('device.maintenance.period'))]}>
                      <InputNumber style={{ width: '100%' }} data-testid="reminder-period" />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={4}>
                    <Form.Item label={t('device.maintenance.nextDue')}>
                      {stored ? (
                        <Tag color={stored.due ? 'error' : 'default'}>{stored.due ? t('device.maintenance.due') : formatTime(stored.nextDue).slice(0, 10)}</Tag>
                      ) : (
                        <Typography.Text type="secondary">—</Typography.Text>
                      )}
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={1}>
                    <Form.Item label=" ">
                      <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('device.maintenance.remove')} />
                    </Form.Item>
                  </Col>
                </Row>
              );
            })}
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', maintainDate: dayjs(), periodHours: null })} data-testid="reminder-add">
              {t('device.maintenance.add')}
            </Button>
          </>
        )}
      </Form.List>
      <div className="cf-devices__modal-footer">
        <Button onClick={onClose}>{t('device.common.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(onRefusal(form))} data-testid="maintenance-save">
          {t('device.common.save')}
        </Button>
      </div>
    </Form>
  );
}

/** Maintenance reminders: name, last maintained, period in hours (above 0). */
export function MaintenanceModal({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  const reminders = useMaintenance(device.deviceSerialNumber);
  return (
    <Modal open width={860} footer={null} title={t('device.maintenance.title', { name: device.deviceCode })} onCancel={onClose} data-testid="maintenance-modal">
      <Typography.Paragraph type="secondary">{t('device.maintenance.hint')}</Typography.Paragraph>
      {reminders.data ? <MaintenanceForm device={device} data={reminders.data} onClose={onClose} /> : <Skeleton active />}
    </Modal>
  );
}
