import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Repair } from '../../api/repairs';
import { useUpdateRepair } from '../../api/repairs';
import { FormModal } from '@/components/form-modal';
import { choose, maxChars } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

/** Part of the update call's body; the start time as the picker's value (sent as ISO text). */
type ProcessValues = Pick<BodyOf<'/api/repair/updateRepair'>, 'processor' | 'processPlan'> & { processTime: Dayjs };

/** pending → processing: who processes it, from when, and the plan. */
export function ProcessDialog({ repair, onClose }: { repair: Repair; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProcessValues>();
  const update = useUpdateRepair();

  const save = async (values: ProcessValues) => {
    await update.mutateAsync({
      id: repair.id,
      state: 1,
      processor: values.processor ?? '',
      processTime: values.processTime.toISOString(),
      processPlan: values.processPlan ?? '',
    });
  };

  return (
    <FormModal
      title={t('fleet.repair.toProcessingTitle')}
      onSave={save}
      onClose={onClose}
      saving={update.isPending}
      okText={t('fleet.repair.toProcessing')}
      form={form}
      savedText={t('fleet.repair.movedTo', { state: t('fleet.repair.states.processing') })}
      testId="process-form"
      initialValues={{ processor: repair.processor, processTime: repair.processTime ? dayjs(repair.processTime) : dayjs(), processPlan: repair.processPlan }}
    >
      <Form.Item name="processor" label={t('fleet.repair.processor')} rules={[maxChars(t, 64)]}>
        <Input count={{ show: true, max: 64 }} />
      </Form.Item>
      <Form.Item name="processTime" label={t('fleet.repair.processTime')} rules={[choose(t, t('fleet.repair.processTime'))]}>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="processPlan" label={t('fleet.repair.plan')} rules={[maxChars(t, 1024)]}>
        <Input.TextArea rows={3} maxLength={1024} />
      </Form.Item>
    </FormModal>
  );
}
