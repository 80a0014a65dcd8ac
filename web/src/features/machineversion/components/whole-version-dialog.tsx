import { AutoComplete, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormColumns, FormModal } from '@/components/form-modal';
import { useAddWhole, useAppVersionOptions, useEditWhole, useSoftVersionOptions, type WholeVersion } from '../api/machine-versions';
import { uniqueVersions } from '../lib/lists';
import { enter } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

type WholeBody = BodyOf<'/api/wmWholeVersion/add'>;
/** The add call's body; the app version and description may be left empty (sent as ''). */
type WholeValues = Omit<WholeBody, 'appVersion' | 'description'> & Partial<Pick<WholeBody, 'appVersion' | 'description'>>;

/** Add a whole-machine version or edit an unpublished one: the app, firmware (a package or a typed version) and
 * software versions a robot runs together. */
export function WholeVersionDialog({ version, onClose }: { version: WholeVersion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WholeValues>();
  const add = useAddWhole();
  const edit = useEditWhole();
  const soft = useSoftVersionOptions();
  const apps = useAppVersionOptions();
  const firmwareOptions = (soft.data ?? []).filter((o) => o.source === 'firmware' && o.id !== null);
  const save = (values: WholeValues) => {
    const body = { ...values, appVersion: values.appVersion ?? '', description: values.description ?? '', firmwareId: values.firmwareId ?? null };
    return version ? edit.mutateAsync({ id: version.id, ...body }) : add.mutateAsync(body);
  };
  const pickFirmware = (id: number | undefined) => {
    const chosen = firmwareOptions.find((o) => o.id === id);
    if (chosen) form.setFieldValue('firmwareVersion', chosen.version);
  };
  return (
    <FormModal<WholeValues>
      title={version ? t('machineversion.whole.editTitle', { name: version.name }) : t('machineversion.whole.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={add.isPending || edit.isPending}
      savedText={version ? t('machineversion.whole.saved') : t('machineversion.whole.created')}
      testId="whole-version-form"
      width={720}
      initialValues={version ? { ...version } : { appVersion: '', firmwareId: null }}
    >
      <FormColumns>
        <Form.Item name="name" label={t('machineversion.whole.fields.name')} rules={[enter(t, t('machineversion.whole.fields.name'))]}>
          <Input maxLength={64} data-testid="whole-name" />
        </Form.Item>
        <Form.Item name="versionNumber" label={t('machineversion.whole.fields.versionNumber')} rules={[enter(t, t('machineversion.whole.fields.versionNumber'))]}>
          <Input maxLength={64} placeholder="V2.1.0" data-testid="whole-version-number" />
        </Form.Item>
      </FormColumns>
      <FormColumns>
        <Form.Item name="softVersion" label={t('machineversion.whole.fields.softVersion')} rules={[enter(t, t('machineversion.whole.fields.softVersion'))]}>
          <AutoComplete options={uniqueVersions(soft.data ?? [])} maxLength={64} data-testid="whole-soft-version" filterOption />
        </Form.Item>
        <Form.Item name="appVersion" label={t('machineversion.whole.fields.appVersion')}>
          <AutoComplete options={(apps.data ?? []).map((a) => ({ value: a.version }))} maxLength={64} filterOption />
        </Form.Item>
      </FormColumns>
      <FormColumns>
        <Form.Item name="firmwareId" label={t('machineversion.whole.fields.firmware')}>
          <Select<number | null>
            allowClear
            loading={soft.isPending}
            placeholder={t('machineversion.whole.noFirmware')}
            onChange={(id) => pickFirmware(id ?? undefined)}
            options={firmwareOptions.map((o) => ({ value: o.id as number, label: `${o.name} (${o.version})` }))}
            data-testid="whole-firmware"
          />
        </Form.Item>
        <Form.Item name="firmwareVersion" label={t('machineversion.whole.fields.firmwareVersion')} rules={[enter(t, t('machineversion.whole.fields.firmwareVersion'))]}>
          <Input maxLength={64} placeholder="FW-3.5.0" data-testid="whole-firmware-version" />
        </Form.Item>
      </FormColumns>
      <Form.Item name="description" label={t('machineversion.whole.fields.description')}>
        <Input.TextArea maxLength={1024} rows={2} />
      </Form.Item>
    </FormModal>
  );
}
