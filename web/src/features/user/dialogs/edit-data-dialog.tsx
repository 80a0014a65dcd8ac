import { MailOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '@/components/dialog-props';
import { useSessionStore } from '@/lib/session';
import { useUserInfo } from '../api/users';
import { useSendTestMail } from '../api/users';
import { useUpdateUserInfo, type UpdateUserInfoInput } from '../api/users';
import { EmailFlagsInput, flagsOf, flagValues, type EmailFlag } from '../components/email-flags';
import { useFormSubmit, useShowFailure } from '../components/use-form-submit';
import { emailRules, nameRules, normaliseEmails, phoneRules } from '../components/validators';
import '../user.css';

/** The signed-in user's own details (no child list). */
const OWN_INFO = { showChild: false, currentPage: 1, pageSize: 1 };

/** The profile call's name, phone and email as the inputs' text, and the mail switches (sent as the emailTo* flags). */
type Values = { [K in 'name' | 'phone' | 'email']: NonNullable<UpdateUserInfoInput[K]> } & { flags: EmailFlag[] };

/** Edit profile (user menu): the signed-in user's own name, phone, mailboxes and mail choices. */
export default function EditDataDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const updateUser = useSessionStore((s) => s.updateUser);
  const [form] = Form.useForm<Values>();
  const showFailure = useShowFailure(form, t('user.profile.modifyFailed'));
  const info = useUserInfo(OWN_INFO);
  // Quiet: a refusal shows the server's words, a lost connection 'modify failed' (api-spec 7.3).
  const save = useUpdateUserInfo({ quiet: true });
  const testMail = useSendTestMail();
  const own = info.data?.user;

  useEffect(() => {
    if (own) form.setFieldsValue({ name: own.name, phone: own.phone, email: own.email, flags: flagsOf(own) });
  }, [own, form]);

  const submit = useFormSubmit(form, async (values) => {
    try {
      const user = await save.mutateAsync({ name: values.name.trim(), phone: values.phone?.trim() ?? '', email: normaliseEmails(values.email ?? ''), ...flagValues(values.flags) });
      updateUser({ name: user.name });
      void message.success(t('user.profile.saved'));
      onClose();
    } catch (error) {
      showFailure(error);
      throw error;
    }
  });

  const sendTest = async () => {
    try {
      const answer = await testMail.mutateAsync(null);
      void message.success(t('user.email.testSent', { recipients: answer.recipients.join(', ') }));
    } catch {
      // The client showed the server's message.
    }
  };

  return (
    <Modal
      open={open}
      title={t('user.profile.title')}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="test" icon={<MailOutlined />} loading={testMail.isPending} disabled={!own?.email} onClick={() => void sendTest()}>
          {t('user.email.testMail')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('user.common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} disabled={!own} onClick={() => void submit()} data-testid="profile-save">
          {t('user.common.save')}
        </Button>,
      ]}
    >
      {!own ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" data-testid="profile-form">
          <Form.Item label={t('user.fields.account')}>
            <Typography.Text strong>{own.account}</Typography.Text>
          </Form.Item>
          <Form.Item name="name" label={t('user.fields.name')} rules={nameRules(t)}>
            <Input count={{ show: true, max: 64 }} />
          </Form.Item>
          <Form.Item name="phone" label={t('user.fields.phone')} rules={phoneRules(t)}>
            <Input placeholder={t('user.placeholders.phone')} maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="email" label={t('user.fields.email')} rules={emailRules(t)} extra={t('user.email.help')}>
            <Input placeholder={t('user.placeholders.email')} />
          </Form.Item>
          <Form.Item name="flags" label={t('user.email.sendFor')}>
            <EmailFlagsInput />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
