import { Checkbox, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormColumns, FormModal } from '@/components/form-modal';
import { useAddRollout, type Firmware } from '../api/firmware';
import { useRobotChoices } from './publish-dialog';
import { choose, enter, numberBetween } from '@/lib/form-rules';
import { WINDOW_DEFAULTS, WindowFields, windowOf, type WindowValues } from './window-fields';
import type { BodyOf } from '@/api/types';

/** The rollout call's body; the window from the window fields. */
type RolloutValues = Omit<BodyOf<'/api/version/rollout/add'>, 'window'> & WindowValues;

/** Start a staged rollout: a firmware to robots in groups, with its success and error thresholds. */
export function RolloutDialog({ firmware, onClose }: { firmware: Firmware[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RolloutValues>();
  const add = useAddRollout();
  const robots = useRobotChoices();
  const groupBy = Form.useWatch('groupBy', form) ?? 'percent';
  const save = ({ useWindow, window, ...values }: RolloutValues) =>
    add.mutateAsync({ ...values, deviceIds: values.deviceIds?.length ? values.deviceIds : undefined, window: windowOf({ useWindow, window }) });
  return (
    <FormModal<RolloutValues>
      title={t('version.rollout.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={add.isPending}
      savedText={t('version.rollout.created')}
      testId="rollout-form"
      width={640}
      initialValues={{ groupBy: 'percent', groupSize: 25, successThreshold: 100, errorThreshold: 0, allowDowngrade: false, useWindow: false, window: WINDOW_DEFAULTS }}
    >
      <FormColumns>
        <Form.Item name="name" label={t('version.rollout.name')} rules={[enter(t, t('version.rollout.name'))]}>
          <Input maxLength={64} data-testid="rollout-name" />
        </Form.Item>
        <Form.Item name="versionId" label={t('version.rollout.firmware')} rules={[choose(t, t('version.rollout.firmware'))]}>
          <Select<number>
            data-testid="rollout-firmware"
            options={firmware.filter((f) => f.enabled).map((f) => ({ value: f.id, label: `${f.name} (${f.version})` }))}
            optionFilterProp="label"
            showSearch
          />
        </Form.Item>
      </FormColumns>
      <Form.Item name="deviceIds" label={t('version.rollout.targets')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          loading={robots.isPending}
          optionFilterProp="label"
          options={(robots.data ?? []).map((r) => ({ value: r.deviceId, label: `${r.deviceCode} (${r.deviceSerialNumber})` }))}
        />
      </Form.Item>
      <FormColumns>
        <Form.Item name="groupBy" label={t('version.rollout.groupBy')}>
          <Radio.Group optionType="button" options={[{ value: 'percent', label: t('version.rollout.percent') }, { value: 'count', label: t('version.rollout.count') }]} />
        </Form.Item>
        <Form.Item
          name="groupSize"
          label={groupBy === 'percent' ? t('version.rollout.groupSizePercent') : t('version.rollout.groupSizeCount')}
          rules={[
            enter(t, groupBy === 'percent' ? t('version.rollout.groupSizePercent') : t('version.rollout.groupSizeCount')),
            numberBetween(t, 1, groupBy === 'percent' ? 100 : 100000, true),
          ]}
        >
          {/* no min/max on the input: antd would cut 150 to 100 without a word; the rule says so instead */}
          <InputNumber precision={0} style={{ width: '100%' }} data-testid="rollout-group-size" />
        </Form.Item>
      </FormColumns>
      <FormColumns>
        <Form.Item name="successThreshold" label={t('version.rollout.successThreshold')} rules={[numberBetween(t, 1, 100, true)]}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="errorThreshold" label={t('version.rollout.errorThreshold')} rules={[numberBetween(t, 0, 100, true)]}>
          <InputNumber precision={0} style={{ width: '100%' }} data-testid="rollout-error-threshold" />
        </Form.Item>
      </FormColumns>
      <Form.Item name="allowDowngrade" valuePropName="checked">
        <Checkbox>{t('version.allowDowngrade')}</Checkbox>
      </Form.Item>
      <WindowFields />
    </FormModal>
  );
}
