import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateUser, type CreateUserInput } from '../api/users';
import { useGroups } from '../api/role-groups';
import { useRoles } from '../api/roles';
import type { UserRow } from '../api/types';
import { useUpdateUserInfo } from '../api/users';
import { levelName, roleName } from './labels';
import { useCan } from '@/lib/use-can';
import { CHILD_LEVEL, KEYS } from './user-access';
import { EmailFlagsInput, flagValues, type EmailFlag } from './email-flags';
import { useFormSubmit } from './use-form-submit';
import { accountRules, confirmRules, emailRules, nameRules, normaliseEmails, passwordRules, phoneRules } from './validators';
import { maxChars } from '@/lib/form-rules';

/** The preset a new account gets by level when none is chosen (the server's DEFAULT_ROLE_BY_LEVEL). */
const DEFAULT_ROLE: Readonly<Record<number, number>> = { 2: 16, 3: 11, 4: 11 };

export type UserFormTarget =
  | { mode: 'create'; parent: Pick<UserRow, 'userId' | 'name' | 'account' | 'levelDepth'> }
  | { mode: 'edit'; user: UserRow };

/** The add call's fields the form holds (the optional ones may be left empty), the repeated password and the mail switches. */
type Values = Pick<CreateUserInput, 'account' | 'name' | 'password'> &
  Partial<Pick<CreateUserInput, 'phone' | 'email' | 'remark'>> & { confirm: string; flags?: EmailFlag[]; roleIds?: number[]; roleGroupId?: number };

/** Create a child account (one level below its parent) or edit one's name, phone and remark. */
export function UserFormModal({ target, onClose }: { target: UserFormTarget; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const create = useCreateUser();
  const update = useUpdateUserInfo();
  const creating = target.mode === 'create';
  const parentId = creating ? target.parent.userId : null;
  const level = creating ? CHILD_LEVEL[target.parent.levelDepth] ?? 0 : target.user.levelDepth;
  const roles = useRoles(parentId, creating);
  const groups = useGroups(parentId, creating && can(KEYS.groupAssign));

  useEffect(() => {
    if (target.mode === 'edit') {
      const { name, phone, remark } = target.user;
      form.setFieldsValue({ name, phone, remark });
    }
  }, [target, form]);

  useEffect(() => {
    const preset = roles.data?.find((role) => role.id === DEFAULT_ROLE[level] && role.assignable);
    if (creating && preset && form.getFieldValue('roleIds') === undefined) form.setFieldValue('roleIds', [preset.id]);
  }, [creating, roles.data, level, form]);

  const submit = useFormSubmit(form, async (values) => {
    if (target.mode === 'create') {
      await create.mutateAsync({
        account: values.account.trim(),
        name: values.name.trim(),
        password: values.password,
        parentId: target.parent.userId,
        levelDepth: level,
        phone: values.phone?.trim() ?? '',
        email: normaliseEmails(values.email ?? ''),
        ...flagValues(values.flags),
        remark: values.remark ?? '',
        ...(values.roleIds && values.roleIds.length > 0 ? { roleIds: values.roleIds } : {}),
        ...(values.roleGroupId ? { roleGroupId: values.roleGroupId } : {}),
      });
      void message.success(t('user.common.created'));
    } else {
      await update.mutateAsync({
        userId: target.user.userId,
        name: values.name.trim(),
        phone: values.phone?.trim() ?? '',
        remark: values.remark ?? '',
      });
      void message.success(t('user.common.saved'));
    }
    onClose();
  });

  const title =
    target.mode === 'create' ? t('user.users.createTitle', { level: levelName(t, level) }) : t('user.users.editTitle', { name: target.user.name });

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('user.common.save')}
      cancelText={t('user.common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      maskClosable={false}
      width={target.mode === 'create' ? 720 : 520}
    >
      {target.mode === 'create' && (
        <Alert
          type="info"
          showIcon
          className="cf-user-form__under"
          title={t('user.users.createUnder', { parent: `${target.parent.name} (${target.parent.account})` })}
        />
      )}
      <Form form={form} layout="vertical" requiredMark autoComplete="off" className="cf-form-grid" data-testid="user-form">
        {target.mode === 'create' ? (
          <Form.Item name="account" label={t('user.fields.account')} rules={accountRules(t)}>
            <Input placeholder={t('user.placeholders.account')} count={{ show: true, max: 64 }} autoComplete="off" />
          </Form.Item>
        ) : (
          <Form.Item label={t('user.fields.account')}>
            <Typography.Text strong>{target.user.account}</Typography.Text>
          </Form.Item>
        )}
        <Form.Item name="name" label={t('user.fields.name')} rules={nameRules(t)}>
          <Input placeholder={t('user.placeholders.name')} count={{ show: true, max: 64 }} />
        </Form.Item>
        {target.mode === 'create' && (
          <>
            <Form.Item name="password" label={t('user.fields.password')} rules={passwordRules(t, t('user.fields.password'))}>
              <Input.Password placeholder={t('user.placeholders.password')} autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="confirm" label={t('user.fields.confirmPassword')} dependencies={['password']} rules={confirmRules(t, 'password')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="phone" label={t('user.fields.phone')} rules={phoneRules(t)}>
          <Input placeholder={t('user.placeholders.phone')} maxLength={11} inputMode="numeric" />
        </Form.Item>
        {target.mode === 'create' && (
          <Form.Item name="email" label={t('user.fields.email')} rules={emailRules(t)} extra={t('user.email.help')}>
            <Input placeholder={t('user.placeholders.email')} />
          </Form.Item>
        )}
        {target.mode === 'create' && (
          <Form.Item name="flags" label={t('user.email.sendFor')} className="cf-span-2">
            <EmailFlagsInput />
          </Form.Item>
        )}
        {target.mode === 'create' && (
          <Form.Item name="roleIds" label={t('user.fields.roles')} extra={t('user.assign.rolesHelp')} className="cf-span-2">
            <Select
              mode="multiple"
              loading={roles.isLoading}
              optionFilterProp="label"
              options={(roles.data ?? []).map((role) => ({ value: role.id, label: roleName(t, role), disabled: !role.assignable }))}
            />
          </Form.Item>
        )}
        {target.mode === 'create' && can(KEYS.groupAssign) && (
          <Form.Item name="roleGroupId" label={t('user.fields.roleGroup')} className="cf-span-2">
            <Select
              allowClear
              placeholder={t('user.common.none')}
              loading={groups.isLoading}
              options={(groups.data ?? []).map((group) => ({ value: group.id, label: group.name, disabled: !group.assignable }))}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" className="cf-span-2" label={t('user.fields.remark')} rules={[maxChars(t, 255)]}>
          <Input.TextArea placeholder={t('user.placeholders.remark')} autoSize={{ minRows: 2, maxRows: 4 }} maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
