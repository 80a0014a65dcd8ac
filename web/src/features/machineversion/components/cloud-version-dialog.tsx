import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormColumns, FormModal } from '@/components/form-modal';
import { useAddCloud, useEditCloud, type CloudVersion } from '../api/machine-versions';
import { enter } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

type CloudBody = BodyOf<'/api/wmCloudVersion/add'>;
/** The add call's body; notes may be left empty, the release time is the picker's value (sent as ISO text). */
type CloudValues = Omit<CloudBody, 'notes' | 'releaseTime'> & Partial<Pick<CloudBody, 'notes'>> & { releaseTime?: Dayjs | null };

/** Record a release of the cloud, or edit one: name, version number, release notes and time (default now). */
export function CloudVersionDialog({ version, onClose }: { version: CloudVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CloudValues>();
  const add = useAddCloud();
  const edit = useEditCloud();
  const save = (values: CloudValues) => {
    const body = { name: values.name, versionNumber: values.versionNumber, notes: values.notes ?? '', releaseTime: values.releaseTime ? values.releaseTime.toISOString() : null };
    return version ? edit.mutateAsync({ id: version.id, ...body }) : add.mutateAsync(body);
  };
  return (
    <FormModal<CloudValues>
      title={version ? t('machineversion.cloud.editTitle', { name: version.name }) : t('machineversion.cloud.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={add.isPending || edit.isPending}
      savedText={version ? t('machineversion.cloud.saved') : t('machineversion.cloud.created')}
      testId="cloud-version-form"
      initialValues={version ? { ...version, releaseTime: dayjs(version.releaseTime) } : { releaseTime: dayjs() }}
    >
      <FormColumns>
        <Form.Item name="name" label={t('machineversion.cloud.fields.name')} rules={[enter(t, t('machineversion.cloud.fields.name'))]}>
          <Input maxLength={64} data-testid="cloud-name" />
        </Form.Item>
        <Form.Item name="versionNumber" label={t('machineversion.cloud.fields.versionNumber')} rules={[enter(t, t('machineversion.cloud.fields.versionNumber'))]}>
          <Input maxLength={64} placeholder="1.20.0" data-testid="cloud-version-number" />
        </Form.Item>
      </FormColumns>
      <Form.Item name="releaseTime" label={t('machineversion.cloud.fields.releaseTime')}>
        <DatePicker showTime />
      </Form.Item>
      <Form.Item name="notes" label={t('machineversion.cloud.fields.notes')}>
        <Input.TextArea maxLength={4000} rows={4} data-testid="cloud-notes" />
      </Form.Item>
    </FormModal>
  );
}
