import { App, Checkbox, Empty, Form, Modal, Select, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../api/role-groups';
import { useRoles } from '../api/roles';
import type { UserRow } from '../api/types';
import { useUpdateUserPermission, type UpdatePermissionInput } from '../api/users';
import { roleName } from './labels';
import { useCan } from '@/lib/use-can';
import { KEYS } from './user-access';
import { useFormSubmit } from './use-form-submit';

/** The permission call's roles and group (sent as 0 when unset); the user is the dialog's. */
type Values = Required<Pick<UpdatePermissionInput, 'roleIds' | 'roleGroupId'>>;

/**
 * A child user's roles and role group. Only roles whose every key the user holds can be ticked;
 * roles the child already has stay as they are. Roles need assign_role, the group role_group/assign.
 */
export function AssignRolesModal({ user, onClose }: { user: UserRow; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const canRoles = can(KEYS.userAssignRole);
  const canGroup = can(KEYS.groupAssign);
  const roles = useRoles(user.userId);
  const groups = useGroups(user.userId, canGroup);
  const save = useUpdateUserPermission();

  const submit = useFormSubmit(form, async (values) => {
    const body: UpdatePermissionInput = { userId: user.userId };
    if (canRoles) body.roleIds = values.roleIds;
    if (canGroup) body.roleGroupId = values.roleGroupId ?? 0;
    await save.mutateAsync(body);
    void message.success(t('user.assign.saved'));
    onClose();
  });

  const held = new Set(user.roleIds);

  return (
    <Modal
      open
      title={t('user.assign.title', { name: user.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('user.common.save')}
      cancelText={t('user.common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      maskClosable={false}
      width={600}
    >
      {roles.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ roleIds: user.roleIds, roleGroupId: user.roleGroupId ?? null }} data-testid="assign-roles">
          <Form.Item name="roleIds" label={t('user.fields.roles')} extra={t('user.assign.rolesHelp')}>
            {(roles.data ?? []).length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.roles.empty')} />
            ) : (
              <Checkbox.Group disabled={!canRoles} className="cf-role-checks">
                <Space direction="vertical" size={4}>
                  {(roles.data ?? []).map((role) => {
                    const locked = !role.assignable && !held.has(role.id);
                    const box = (
                      <Checkbox key={role.id} value={role.id} disabled={locked} data-testid={`role-check:${role.name}`}>
                        <Space size={6}>
                          <span>{roleName(t, role)}</span>
                          {role.preset && <Tag>{t('user.roles.preset')}</Tag>}
                          <Typography.Text type="secondary">{t('user.roles.keyCount', { count: role.keys.length })}</Typography.Text>
                        </Space>
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
              </Checkbox.Group>
            )}
          </Form.Item>
          {canGroup && (
            <Form.Item name="roleGroupId" label={t('user.assign.group')} extra={t('user.assign.groupHelp')}>
              <Select
                allowClear
                placeholder={t('user.common.none')}
                loading={groups.isLoading}
                options={(groups.data ?? []).map((group) => ({
                  value: group.id,
                  label: group.name,
                  disabled: !group.assignable && group.id !== user.roleGroupId,
                }))}
              />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
