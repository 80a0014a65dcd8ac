import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '@/components/dialog-props';
import { useUpdatePassword, type UpdatePasswordInput } from '../api/users';
import { useMe } from '../components/user-access';
import { useFormSubmit, useShowFailure } from '../components/use-form-submit';
import { confirmRules, passwordRules } from '../components/validators';
import { enter } from '@/lib/form-rules';

/** The password call's old and new password, and the repeated new one. */
type Values = Pick<UpdatePasswordInput, 'password' | 'newPassword'> & { confirm: string };

/** Change password (user menu): the current one and the new one twice; other sign-ins end. */
export default function EditPasswordDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useMe();
  const [form] = Form.useForm<Values>();
  const showFailure = useShowFailure(form, t('user.profile.modifyFailed'));
  const save = useUpdatePassword();

  const submit = useFormSubmit(form, async (values) => {
    try {
      await save.mutateAsync({ userId: me.userId, account: me.account, password: values.password, newPassword: values.newPassword });
    } catch (error) {
      showFailure(error);
      throw error;
    }
    void message.success(t('user.password.changed'));
    onClose();
  });

  return (
    <Modal
      open={open}
      title={t('user.password.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('user.common.save')}
      cancelText={t('user.common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'password-save' }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" autoComplete="off" data-testid="password-form">
        <Form.Item name="password" label={t('user.password.old')} rules={[enter(t, t('user.password.old'))]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('user.password.new')} rules={passwordRules(t, t('user.password.new'))} extra={t('user.placeholders.password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('user.password.confirm')} dependencies={['newPassword']} rules={confirmRules(t, 'newPassword')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
