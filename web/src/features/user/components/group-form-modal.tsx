import { App, Checkbox, Empty, Form, Input, Modal, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../api/roles';
import { useCreateGroup, useUpdateGroup } from '../api/role-groups';
import type { GroupRow } from '../api/types';
import { roleName } from './labels';
import { useFormSubmit } from './use-form-submit';
import { nameRules } from './validators';
import { choose, maxChars } from '@/lib/form-rules';
import { CheckGroup } from '@/components/check-group';
import type { BodyOf } from '@/api/types';

/** The form's values: the role group as /user/role/group/insert takes it. */
type Values = BodyOf<'/api/user/role/group/insert'> & { roleIds: number[] };

/** Create or edit a role group: a name and the roles it gives (only roles the user may grant). */
export function GroupFormModal({ group, onClose }: { group: GroupRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const roles = useRoles(null);
  const create = useCreateGroup();
  const update = useUpdateGroup();

  useEffect(() => {
    if (group) form.setFieldsValue({ name: group.name, description: group.description, roleIds: group.roleIds });
  }, [group, form]);

  const submit = useFormSubmit(form, async (values) => {
    const body = { name: values.name.trim(), description: values.description?.trim() ?? '', roleIds: values.roleIds };
    if (group) {
      await update.mutateAsync({ id: group.id, ...body });
      void message.success(t('user.common.saved'));
    } else {
      await create.mutateAsync(body);
      void message.success(t('user.common.created'));
    }
    onClose();
  });

  const inGroup = new Set(group?.roleIds ?? []);

  return (
    <Modal
      open
      title={group ? t('user.groups.editTitle', { name: group.name }) : t('user.groups.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('user.common.save')}
      cancelText={t('user.common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      mask={{ closable: false }}
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="group-form">
        <Form.Item name="name" label={t('user.fields.name')} rules={nameRules(t)}>
          <Input count={{ show: true, max: 64 }} />
        </Form.Item>
        <Form.Item name="description" label={t('user.fields.description')} rules={[maxChars(t, 255)]}>
          <Input.TextArea placeholder={t('user.placeholders.description')} autoSize={{ minRows: 1, maxRows: 3 }} maxLength={255} />
        </Form.Item>
        <Form.Item
          name="roleIds"
          label={t('user.fields.roles')}
          extra={t('user.assign.rolesHelp')}
          rules={[choose(t, t('user.fields.roles'))]}
        >
          {roles.isLoading ? (
            <Skeleton active />
          ) : (roles.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.roles.empty')} />
          ) : (
            <CheckGroup className="cf-role-checks">
              <Space orientation="vertical" size={4}>
                {(roles.data ?? []).map((role) => {
                  const locked = !role.assignable && !inGroup.has(role.id);
                  const box = (
                    <Checkbox key={role.id} value={role.id} disabled={locked}>
                      {roleName(t, role)} {role.preset && <Tag>{t('user.roles.preset')}</Tag>}
                    </Checkbox>
                  );
                  return locked ? (
                    <Tooltip key={role.id} title={t('user.assign.notAssignable')}>
                      {box}
                    </Tooltip>
                  ) : (
                    box
                  );
                })}
              </Space>
            </CheckGroup>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
