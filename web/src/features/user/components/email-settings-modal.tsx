import { MailOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSendTestMail } from '../api/users';
import type { UserRow } from '../api/types';
import { useUpdateUserInfo, type UpdateUserInfoInput } from '../api/users';
import { EmailFlagsInput, flagsOf, flagValues, type EmailFlag } from './email-flags';
import { useCan } from '@/lib/use-can';
import { KEYS } from './user-access';
import { useFormSubmit } from './use-form-submit';
import { emailRules, normaliseEmails } from './validators';

/** The profile call's email as the input's text, and the mail switches (sent as the emailTo* flags). */
type Values = { email: NonNullable<UpdateUserInfoInput['email']>; flags: EmailFlag[] };

/** A child user's mailboxes, which mails it receives, and a test mail through the server's SMTP. */
export function EmailSettingsModal({ user, onClose }: { user: UserRow; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const update = useUpdateUserInfo();
  const testMail = useSendTestMail();
  const editable = can(KEYS.userEdit);
  const saved = { email: user.email, flags: flagsOf(user) };
  const email = Form.useWatch('email', form) ?? saved.email;
  const flags = Form.useWatch('flags', form) ?? saved.flags;
  const dirty = normaliseEmails(email) !== saved.email || flags.toSorted().join() !== saved.flags.toSorted().join();

  const submit = useFormSubmit(form, async (values) => {
    await update.mutateAsync({ userId: user.userId, email: normaliseEmails(values.email), ...flagValues(values.flags) });
    void message.success(t('user.common.saved'));
    onClose();
  });

  const sendTest = async () => {
    try {
      const answer = await testMail.mutateAsync(user.userId);
      void message.success(t('user.email.testSent', { recipients: answer.recipients.join(', ') }));
    } catch {
      // The client showed the server's message (for example, the SMTP server refused).
    }
  };

  const testBlocked = dirty ? t('user.email.saveFirst') : saved.email === '' ? t('user.email.noMailbox') : null;

  return (
    <Modal
      open
      title={t('user.email.title', { name: user.name })}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={[
        can(KEYS.userTestMail) && (
          <Tooltip key="test" title={testBlocked}>
            <Button icon={<MailOutlined />} loading={testMail.isPending} disabled={testBlocked !== null} onClick={() => void sendTest()} data-testid="test-mail">
              {t('user.email.testMail')}
            </Button>
          </Tooltip>
        ),
        <Button key="cancel" onClick={onClose}>
          {t('user.common.cancel')}
        </Button>,
        editable && (
          <Button key="save" type="primary" loading={update.isPending} disabled={!dirty} onClick={() => void submit()}>
            {t('user.common.save')}
          </Button>
        ),
      ]}
    >
      <Form form={form} layout="vertical" initialValues={saved} disabled={!editable}>
        <Form.Item name="email" label={t('user.fields.email')} rules={emailRules(t)} extra={t('user.email.help')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('user.placeholders.email')} />
        </Form.Item>
        <Form.Item name="flags" label={t('user.email.sendFor')}>
          <EmailFlagsInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}
