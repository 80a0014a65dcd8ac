import { Alert, App, Button, Drawer, Form, Input, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionTree } from '../api/roles';
import { useCreateRole, useUpdateRole, type CreateRoleInput } from '../api/roles';
import type { RoleRow } from '../api/types';
import { roleName } from './labels';
import { PermissionTreeEditor } from './permission-tree-editor';
import { hasPage } from '@/lib/availability';
import type { RouteKey } from '@/lib/route-table';
import { indexPermissions, offeredTree, orderedKeys } from './permission-tree';
import { useFormSubmit } from './use-form-submit';
import { nameRules } from './validators';
import { maxChars } from '@/lib/form-rules';

/** The add call's name and description (may be left empty); the keys are the tree's. */
type Values = Pick<CreateRoleInput, 'name'> & Partial<Pick<CreateRoleInput, 'description'>>;

export type RoleDrawerTarget = { mode: 'create' } | { mode: 'edit'; role: RoleRow } | { mode: 'view'; role: RoleRow };

/** Create, edit or look at a role: its name, description and its page and button keys. */
export function RoleDrawer({ target, onClose }: { target: RoleDrawerTarget; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const tree = usePermissionTree();
  const create = useCreateRole();
  const update = useUpdateRole();
  const role = target.mode === 'create' ? null : target.role;
  const readOnly = target.mode === 'view';
  const [keys, setKeys] = useState<Set<string>>(() => new Set(role?.keys ?? []));
  const [keysError, setKeysError] = useState(false);
  const offered = useMemo(() => offeredTree(tree.data ?? [], (key) => hasPage(key as RouteKey)), [tree.data]);

  useEffect(() => {
    if (role) form.setFieldsValue({ name: role.name, description: role.description });
  }, [role, form]);

  const submit = useFormSubmit(form, async (values) => {
    const chosen = orderedKeys(indexPermissions(tree.data ?? []), keys);
    if (chosen.length === 0) {
      setKeysError(true);
      void message.error(t('user.roles.keysRequired'));
      return;
    }
    const body = { name: values.name.trim(), description: values.description?.trim() ?? '', keys: chosen };
    if (role) {
      await update.mutateAsync({ id: role.id, ...body });
      void message.success(t('user.common.saved'));
    } else {
      await create.mutateAsync(body);
      void message.success(t('user.common.created'));
    }
    onClose();
  });

  const title =
    target.mode === 'create'
      ? t('user.roles.createTitle')
      : t(target.mode === 'edit' ? 'user.roles.editTitle' : 'user.roles.viewTitle', { name: roleName(t, target.role) });

  return (
    <Drawer
      open
      title={title}
      size={640}
      onClose={onClose}
      destroyOnHidden
      mask={{ closable: readOnly }}
      footer={
        <Space className="cf-drawer-footer">
          <Button onClick={onClose}>{readOnly ? t('user.common.close') : t('user.common.cancel')}</Button>
          {!readOnly && (
            <Button type="primary" loading={create.isPending || update.isPending} onClick={() => void submit()} data-testid="role-save">
              {t('user.common.save')}
            </Button>
          )}
        </Space>
      }
    >
      {role?.preset && <Alert type="info" showIcon title={t('user.roles.presetReadOnly')} className="cf-users__intro" />}
      {role && !role.preset && readOnly && <Alert type="info" showIcon title={t('user.roles.notEditable')} className="cf-users__intro" />}
      <Form form={form} layout="vertical" disabled={readOnly} data-testid="role-form">
        <Form.Item name="name" label={t('user.fields.name')} rules={nameRules(t)}>
          <Input placeholder={t('user.placeholders.roleName')} count={{ show: true, max: 64 }} />
        </Form.Item>
        <Form.Item name="description" label={t('user.fields.description')} rules={[maxChars(t, 255)]}>
          <Input.TextArea placeholder={t('user.placeholders.description')} autoSize={{ minRows: 1, maxRows: 3 }} maxLength={255} />
        </Form.Item>
        <Form.Item
          label={t('user.fields.keys')}
          required={!readOnly}
          extra={readOnly ? undefined : t('user.roles.treeHelp')}
          validateStatus={keysError && keys.size === 0 ? 'error' : undefined}
          help={keysError && keys.size === 0 ? t('user.roles.keysRequired') : undefined}
        >
          {tree.isLoading ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : (
            <PermissionTreeEditor tree={offered} value={keys} onChange={setKeys} readOnly={readOnly} />
          )}
        </Form.Item>
      </Form>
    </Drawer>
  );
}
