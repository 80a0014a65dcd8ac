import { Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useSaveSoft, type SoftUpload, type SoftVersion } from '../api/soft';
import { FilePicker } from './file-picker';
import { UploadProgress } from './upload-progress';
import { choose, enter } from '@/lib/form-rules';

export const SOFT_TYPES = [
  { id: 1, name: 'soft' },
  { id: 2, name: 'pad' },
] as const;

/** Add a software version with its package (uploaded with a progress bar, its SHA-256 computed by the server and
 * checked against one typed), or edit one (a new package only when one is chosen). */
export function SoftDialog({ version, onClose }: { version: SoftVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SoftUpload>();
  const [file, setFile] = useState<File | undefined>();
  const [percent, setPercent] = useState<number | null>(null);
  const save = useSaveSoft(setPercent);
  const submit = (values: SoftUpload) => {
    setPercent(file ? 0 : null);
    return save.mutateAsync({ ...values, versionId: version?.versionId, file }).finally(() => setPercent(null));
  };
  const typeOptions = SOFT_TYPES.map((type) => ({ value: type.id, label: t(`version.soft.types.${type.name}`) }));
  return (
    <FormModal<SoftUpload>
      title={version ? t('version.soft.editTitle', { name: version.name }) : t('version.soft.addTitle')}
      form={form}
      onSave={submit}
      onClose={onClose}
      saving={save.isPending}
      savedText={version ? t('version.soft.saved') : t('version.soft.created')}
      testId="soft-form"
      initialValues={version ? { ...version } : { typeId: 1, allowDowngrade: false }}
    >
      <Form.Item name="name" label={t('version.soft.fields.name')} rules={[enter(t, t('version.soft.fields.name'))]}>
        <Input maxLength={64} count={{ show: true, max: 64 }} data-testid="soft-name" />
      </Form.Item>
      <Form.Item name="typeId" label={t('version.soft.fields.type')} rules={[choose(t, t('version.soft.fields.type'))]}>
        <Select options={typeOptions} data-testid="soft-type" />
      </Form.Item>
      <Form.Item name="version" label={t('version.soft.fields.version')} rules={[enter(t, t('version.soft.fields.version'))]}>
        <Input maxLength={64} placeholder="SW-3.2.0" data-testid="soft-version" />
      </Form.Item>
      <Form.Item name="description" label={t('version.soft.fields.description')}>
        <Input.TextArea maxLength={1024} rows={2} />
      </Form.Item>
      <Form.Item name="allowDowngrade" valuePropName="checked" extra={t('version.soft.fields.allowDowngradeHelp')}>
        <Checkbox data-testid="soft-downgrade">{t('version.soft.fields.allowDowngrade')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="file"
        label={t('version.soft.fields.file')}
        extra={version ? t('version.soft.fields.replaceFile') : undefined}
        rules={[{ validator: () => (file || version ? Promise.resolve() : Promise.reject(new Error(t('version.soft.rules.file')))) }]}
      >
        <FilePicker
          file={file}
          label={t('version.soft.fields.chooseFile')}
          testId="soft-file"
          onPick={(chosen) => {
            setFile(chosen);
            void form.validateFields(['file']).catch(() => undefined);
          }}
        />
      </Form.Item>
      <Form.Item name="sha256" label={t('version.soft.fields.sha256')}>
        <Input maxLength={64} placeholder="e3b0c442…" />
      </Form.Item>
      <UploadProgress percent={percent} text={t('version.soft.uploading', { percent: percent ?? 0 })} />
    </FormModal>
  );
}
