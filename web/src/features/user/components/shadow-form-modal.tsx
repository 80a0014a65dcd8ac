import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../api/roles';
import { useCreateShadow, useUpdateShadow, type CreateShadowInput } from '../api/shadows';
import type { UserRow } from '../api/types';
import { roleName } from './labels';
import { useFormSubmit } from './use-form-submit';
import { accountRules, confirmRules, emailRules, nameRules, normaliseEmails, passwordRules, phoneRules } from './validators';
import { choose } from '@/lib/form-rules';

/** The add call's fields the form holds (phone and email may be left empty), and the repeated password. */
type Values = Pick<CreateShadowInput, 'account' | 'name' | 'password'> &
  Partial<Pick<CreateShadowInput, 'phone' | 'email'>> & Required<Pick<CreateShadowInput, 'roleIds'>> & { confirm: string };

/** Create a shadow user of the signed-in user, or edit one's profile and roles. */
export function ShadowFormModal({ shadow, onClose }: { shadow: UserRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const roles = useRoles(null);
  const create = useCreateShadow();
  const update = useUpdateShadow();

  useEffect(() => {
    if (shadow) form.setFieldsValue({ name: shadow.name, phone: shadow.phone, email: shadow.email, roleIds: shadow.roleIds });
  }, [shadow, form]);

  const submit = useFormSubmit(form, async (values) => {
    const common = { name: values.name.trim(), phone: values.phone?.trim() ?? '', email: normaliseEmails(values.email ?? ''), roleIds: values.roleIds };
    if (shadow) {
      await update.mutateAsync({ userId: shadow.userId, ...common });
      void message.success(t('user.common.saved'));
    } else {
      await create.mutateAsync({
        account: values.account.trim(),
        password: values.password,
        emailToTask: 0,
        emailToWarn: 0,
        emailToTaskReport: 0,
        remark: '',
        ...common,
      });
      void message.success(t('user.common.created'));
    }
    onClose();
  });

  const held = new Set(shadow?.roleIds ?? []);

  return (
    <Modal
      open
      title={shadow ? t('user.shadows.editTitle', { name: shadow.name }) : t('user.shadows.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('user.common.save')}
      cancelText={t('user.common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      mask={{ closable: false }}
      width={680}
    >
      <Form form={form} layout="vertical" autoComplete="off" className="cf-form-grid" data-testid="shadow-form">
        {shadow ? (
          <Form.Item label={t('user.fields.account')}>
            <Typography.Text strong>{shadow.account}</Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item name="account" label={t('user.fields.account')} rules={accountRules(t)}>
            <Input placeholder={t('user.placeholders.account')} count={{ show: true, max: 64 }} />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('user.fields.name')} rules={nameRules(t)}>
          <Input placeholder={t('user.placeholders.name')} count={{ show: true, max: 64 }} />
        </Form.Item>
        {!shadow && (
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
        <Form.Item name="email" label={t('user.fields.email')} rules={emailRules(t)} extra={t('user.email.help')}>
          <Input placeholder={t('user.placeholders.email')} />
        </Form.Item>
        <Form.Item
          name="roleIds"
          className="cf-span-2"
          label={t('user.fields.roles')}
          extra={t('user.assign.rolesHelp')}
          rules={[choose(t, t('user.fields.roles'))]}
        >
          <Select
            mode="multiple"
            loading={roles.isLoading}
            optionFilterProp="label"
            options={(roles.data ?? []).map((role) => ({
              value: role.id,
              label: roleName(t, role),
              disabled: !role.assignable && !held.has(role.id),
            }))}
            data-testid="shadow-roles"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
