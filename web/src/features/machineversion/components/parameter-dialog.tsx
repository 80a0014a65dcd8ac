import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useSaveParameter, type Parameter } from '../api/machine-versions';
import { enter } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

type ParameterBody = BodyOf<'/api/configure/add'>;
/** The save call's key; its value and remark may be left empty (sent as ''). */
type ParameterValues = Pick<ParameterBody, 'key'> & Partial<Pick<ParameterBody, 'value' | 'remark'>>;

const KEY = /^[A-Za-z0-9._-]+$/;

/** Add a configuration parameter or change one (key unique; letters, digits, dots, underscores, hyphens). */
export function ParameterDialog({ parameter, onClose }: { parameter: Parameter | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParameterValues>();
  const save = useSaveParameter();
  const submit = (values: ParameterValues) =>
    save.mutateAsync({ ...(parameter ? { id: parameter.id } : {}), key: values.key.trim(), value: values.value ?? '', remark: values.remark ?? '' });
  return (
    <FormModal<ParameterValues>
      title={parameter ? t('machineversion.configure.editTitle', { key: parameter.key }) : t('machineversion.configure.addTitle')}
      form={form}
      onSave={submit}
      onClose={onClose}
      saving={save.isPending}
      savedText={parameter ? t('machineversion.configure.saved') : t('machineversion.configure.created')}
      testId="parameter-form"
      initialValues={parameter ?? {}}
    >
      <Form.Item
        name="key"
        label={t('machineversion.configure.fields.key')}
        rules={[
          enter(t, t('machineversion.configure.fields.key')),
          { pattern: KEY, message: t('machineversion.configure.rules.keyFormat') },
        ]}
      >
        <Input maxLength={64} placeholder="ota.max_parallel" data-testid="parameter-key" />
      </Form.Item>
      <Form.Item name="value" label={t('machineversion.configure.fields.value')}>
        <Input.TextArea maxLength={1024} rows={2} data-testid="parameter-value" />
      </Form.Item>
      <Form.Item name="remark" label={t('machineversion.configure.fields.remark')}>
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
