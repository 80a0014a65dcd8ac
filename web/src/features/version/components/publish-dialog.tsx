import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllDevices } from '@/api/device/devices';
import { FormModal } from '@/components/form-modal';
import { usePublish, type Firmware } from '../api/firmware';
import { choose } from '@/lib/form-rules';
import { WINDOW_DEFAULTS, WindowFields, windowOf, type WindowValues } from './window-fields';
import type { BodyOf } from '@/api/types';

/** The publish call's devices and downgrade switch; the version is the dialog's, the window from the window fields. */
type PublishValues = Pick<BodyOf<'/api/version/insertVersionPublic'>, 'deviceSerialNumbers' | 'allowDowngrade'> & WindowValues;

/** Every robot of the user's branch, briefly (the white list's and the rollout's pickers). */
export const useRobotChoices = () => useAllDevices();

/** Publish a firmware to a white list of robots: each gets the update as soon as it is not busy, or in the
 * maintenance window given (its progress shows live). */
export function PublishDialog({ firmware, onClose, onPublished }: { firmware: Firmware; onClose: () => void; onPublished: (count: number) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PublishValues>();
  const publish = usePublish();
  const robots = useRobotChoices();
  const options = (robots.data ?? []).map((r) => ({ value: r.deviceSerialNumber, label: `${r.deviceCode} (${r.deviceSerialNumber})` }));
  const save = (values: PublishValues) =>
    publish.mutateAsync({ versionId: firmware.id, deviceSerialNumbers: values.deviceSerialNumbers, allowDowngrade: values.allowDowngrade, window: windowOf(values) }).then((made) => onPublished(made.updates.length));
  return (
    <FormModal<PublishValues>
      title={t('version.publishTitle', { name: firmware.name, version: firmware.version })}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={publish.isPending}
      testId="publish-form"
      okText={t('version.publish')}
      initialValues={{ deviceSerialNumbers: [], allowDowngrade: false, useWindow: false, window: WINDOW_DEFAULTS }}
    >
      <Form.Item name="deviceSerialNumbers" label={t('version.whiteList')} rules={[choose(t, t('version.whiteList'))]}>
        <Select<string[]> mode="multiple" options={options} loading={robots.isPending} optionFilterProp="label" data-testid="white-list" />
      </Form.Item>
      <Form.Item name="allowDowngrade" valuePropName="checked">
        <Checkbox data-testid="allow-downgrade">{t('version.allowDowngrade')}</Checkbox>
      </Form.Item>
      <WindowFields />
    </FormModal>
  );
}
