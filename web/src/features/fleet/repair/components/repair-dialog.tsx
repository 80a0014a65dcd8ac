import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Repair } from '../../api/repairs';
import { useInsertRepair } from '../../api/repairs';
import { useUpdateRepair } from '../../api/repairs';
import { DevicePicker } from '@/components/device-picker';
import { FormColumns, FormModal } from '@/components/form-modal';
import { choose, enter, maxChars } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

/** The record call's body with the dates as pickers' values (sent as ISO text). */
type RepairValues = Omit<BodyOf<'/api/repair/insertRepair'>, 'deviceSerialNumber' | 'repairDate' | 'processTime'> & {
  repairDate: Dayjs;
  processTime?: Dayjs | null;
};

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

interface RepairDialogProps {
  repair: Repair | null;
  /** A new record for this device (from the device info page): the device is fixed. */
  device?: { deviceId: number; deviceSerialNumber: string; deviceCode: string };
  onClose: () => void;
}

/** Record a repair (type and date required; it starts pending) or edit its details. */
export function RepairDialog({ repair, device, onClose }: RepairDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RepairValues>();
  const insert = useInsertRepair();
  const update = useUpdateRepair();
  const fixed = repair ?? device ?? undefined;

  const save = async (values: RepairValues) => {
    const fields = {
      type: values.type.trim(),
      detail: values.detail ?? '',
      repairDate: values.repairDate.toISOString(),
      operator: values.operator ?? '',
      processor: values.processor ?? '',
      processTime: values.processTime ? values.processTime.toISOString() : null,
      processPlan: values.processPlan ?? '',
    };
    if (repair) await update.mutateAsync({ id: repair.id, ...fields });
    else await insert.mutateAsync({ deviceId: fixed?.deviceId ?? values.deviceId, ...fields });
  };

  return (
    <FormModal
      title={repair ? t('fleet.repair.edit') : t('fleet.repair.add')}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      width={640}
      form={form}
      savedText={repair ? t('fleet.common.saved') : t('fleet.common.created')}
      testId="repair-form"
      initialValues={{
        type: repair?.type ?? '',
        detail: repair?.detail ?? '',
        repairDate: repair ? dayjs(repair.repairDate) : dayjs(),
        operator: repair?.operator ?? '',
        processor: repair?.processor ?? '',
        processTime: repair?.processTime ? dayjs(repair.processTime) : null,
        processPlan: repair?.processPlan ?? '',
      }}
    >
      {fixed ? (
        <Form.Item label={t('fleet.common.device')} htmlFor="repair-fixed-device">
          <Input id="repair-fixed-device" value={`${fixed.deviceCode} · ${fixed.deviceSerialNumber}`} disabled />
        </Form.Item>
      ) : (
        <Form.Item name="deviceId" label={t('fleet.common.device')} rules={[choose(t, t('fleet.common.device'))]}>
          <DevicePicker style={{ width: '100%' }} />
        </Form.Item>
      )}
      <FormColumns>
        <Form.Item
          name="type"
          label={t('fleet.repair.type')}
          rules={[
            enter(t, t('fleet.repair.type')),
            maxChars(t, 64),
          ]}
        >
          <Input placeholder={t('fleet.repair.typePlaceholder')} count={{ show: true, max: 64 }} />
        </Form.Item>
        <Form.Item name="repairDate" label={t('fleet.repair.date')} rules={[choose(t, t('fleet.repair.date'))]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </FormColumns>
      <Form.Item name="detail" label={t('fleet.repair.detail')} rules={[maxChars(t, 1024)]}>
        <Input.TextArea rows={3} maxLength={1024} showCount />
      </Form.Item>
      <FormColumns>
        <Form.Item name="operator" label={t('fleet.repair.operator')} rules={[maxChars(t, 64)]}>
          <Input count={{ show: true, max: 64 }} />
        </Form.Item>
        <Form.Item name="processor" label={t('fleet.repair.processor')} rules={[maxChars(t, 64)]}>
          <Input count={{ show: true, max: 64 }} />
        </Form.Item>
      </FormColumns>
      <Form.Item name="processTime" label={t('fleet.repair.processTime')}>
        <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="processPlan" label={t('fleet.repair.plan')} rules={[maxChars(t, 1024)]}>
        <Input.TextArea rows={2} maxLength={1024} />
      </Form.Item>
    </FormModal>
  );
}
