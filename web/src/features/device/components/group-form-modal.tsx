import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actingUserId, useSessionStore } from '@/lib/session';
import { useAllDevices } from '@/api/device/devices';
import { useInsertDeviceGroup } from '../api/device-groups';
import type { DeviceGroup } from '@/api/device/types';
import { useUpdateDeviceGroup } from '../api/device-groups';
import { GROUP_KINDS } from '../lib/groups';
import { useFormRules } from '../lib/form-rules';
import { OwnerPicker } from '@/components/owner-picker';
import { onRefusal } from '@/components/form-refusal';
import type { BodyOf } from '@/api/types';

/** The form's values: the group as /deviceGroup/insert takes it. */
type Values = Required<BodyOf<'/api/deviceGroup/insert'>>;

/** Add or edit a device group: name, kind, owner (on add) and members from the owner's devices. */
export function GroupFormModal({ group, onClose }: { group: DeviceGroup | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const me = useSessionStore((s) => (s.user ? actingUserId(s.user) : null));
  const [owner, setOwner] = useState<number | null>(group?.userId ?? me);
  const devices = useAllDevices(owner === me ? null : owner);
  const insert = useInsertDeviceGroup();
  const update = useUpdateDeviceGroup();

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('device.validation.formFailed'));
      return;
    }
    const body = { name: values.name.trim(), kind: values.kind, deviceIds: values.deviceIds ?? [] };
    if (group) await update.mutateAsync({ id: group.id, ...body });
    else await insert.mutateAsync({ ...body, ...(values.userId && values.userId !== me ? { userId: values.userId } : {}) });
    void message.success(t('device.groups.saved'));
    onClose();
  };

  return (
    <Modal
      open
      width={640}
      title={group ? t('device.groups.editTitle', { name: group.name }) : t('device.groups.addTitle')}
      okText={t('device.common.save')}
      cancelText={t('device.common.cancel')}
      onOk={() => void submit().catch(onRefusal(form))}
      onCancel={onClose}
      confirmLoading={insert.isPending || update.isPending}
      data-testid="group-form"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          name: group?.name ?? '',
          kind: group?.kind ?? 0,
          userId: group?.userId ?? me,
          deviceIds: group?.devices.map((d) => d.deviceId) ?? [],
        }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('userId' in changed) {
            setOwner(changed.userId ?? me);
            form.setFieldValue('deviceIds', []);
          }
        }}
      >
        <Form.Item name="name" label={t('device.groups.name')} required rules={[rules.name(t('device.groups.name'))]}>
          <Input count={{ show: true, max: 64 }} data-testid="group-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('device.groups.kind')}>
          <Radio.Group optionType="button" options={GROUP_KINDS.map((kind) => ({ value: kind, label: t(`device.groups.kinds.${kind}`) }))} />
        </Form.Item>
        {group ? null : (
          <Form.Item name="userId" label={t('device.groups.owner')} extra={t('device.groups.ownerHint')}>
            <OwnerPicker allowClear={false} />
          </Form.Item>
        )}
        <Form.Item name="deviceIds" label={t('device.groups.members')} extra={t('device.groups.membersHint')}>
          <Select<number[]>
            mode="multiple"
            data-testid="group-members"
            loading={devices.isLoading}
            placeholder={t('device.groups.membersPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            maxTagCount="responsive"
            options={(devices.data ?? []).map((d) => ({ value: d.deviceId, label: `${d.deviceCode} · ${d.deviceSerialNumber}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
