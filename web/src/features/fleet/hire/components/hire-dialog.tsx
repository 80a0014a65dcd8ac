import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useInsertHire } from '../../api/hires';
import { DevicePicker } from '@/components/device-picker';
import { OwnerPicker } from '@/components/owner-picker';
import { FormColumns, FormModal } from '@/components/form-modal';
import { RemarkField, RequiredTextField } from '../../components/form-fields';
import { choose, maxChars } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

/** The lease call's body with the dates as pickers' values (sent as ISO text) and the device chosen in the form. */
type HireValues = Omit<BodyOf<'/api/hire/insertHire'>, 'deviceId' | 'startTime' | 'endTime'> & {
  deviceId?: number;
  startTime: Dayjs;
  endTime?: Dayjs | null;
};

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const PHONE = /^\d{11}$/;

/** Start a lease: device and customer required; phone 11 digits; the planned end after the start. */
export function HireDialog({ device, onClose }: { device?: { deviceId: number; deviceSerialNumber: string; deviceCode: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HireValues>();
  const insert = useInsertHire();

  const save = async (values: HireValues) => {
    await insert.mutateAsync({
      deviceId: device?.deviceId ?? (values.deviceId as number),
      customerName: values.customerName.trim(),
      contact: values.contact ?? '',
      phone: values.phone ?? '',
      startTime: values.startTime.toISOString(),
      endTime: values.endTime ? values.endTime.toISOString() : null,
      remark: values.remark ?? '',
      userId: values.userId ?? null,
    });
  };

  return (
    <FormModal
      title={t('fleet.hire.add')}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending}
      width={640}
      form={form}
      savedText={t('fleet.common.created')}
      testId="hire-form" initialValues={{ startTime: dayjs(), contact: '', phone: '', remark: '' }}
    >
      {device ? (
        <Form.Item label={t('fleet.common.device')}>
          <Input value={`${device.deviceCode} · ${device.deviceSerialNumber}`} disabled />
        </Form.Item>
      ) : (
        <Form.Item name="deviceId" label={t('fleet.common.device')} rules={[choose(t, t('fleet.common.device'))]}>
          <DevicePicker style={{ width: '100%' }} />
        </Form.Item>
      )}
      <FormColumns>
        <RequiredTextField name="customerName" label={t('fleet.hire.customer')} />
        <Form.Item name="contact" label={t('fleet.hire.contact')} rules={[maxChars(t, 64)]}>
          <Input count={{ show: true, max: 64 }} />
        </Form.Item>
      </FormColumns>
      <FormColumns>
        <Form.Item name="phone" label={t('fleet.hire.phone')} rules={[{ pattern: PHONE, message: t('fleet.hire.phonePattern') }]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="userId" label={t('fleet.hire.lessee')} extra={t('fleet.hire.lesseeHelp')}>
          <OwnerPicker placeholder={t('fleet.hire.lessee')} style={{ width: '100%' }} />
        </Form.Item>
      </FormColumns>
      <FormColumns>
        <Form.Item name="startTime" label={t('fleet.hire.start')} rules={[choose(t, t('fleet.hire.start'))]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('fleet.hire.plannedEnd')}
          dependencies={['startTime']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: Dayjs | null | undefined) => {
                const start = getFieldValue('startTime') as Dayjs | undefined;
                return !value || !start || value.isAfter(start)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('fleet.hire.endAfterStart')));
              },
            }),
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={TIME_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </FormColumns>
      <RemarkField />
    </FormModal>
  );
}
