import { CopyOutlined } from '@ant-design/icons';
import { App, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Code } from '@/api/codes';
import { isApiError } from '@/api/errors';
import { useDeleteUser } from '../api/users';
import { useResetInitialPassword } from '../api/users';
import type { UserRow } from '../api/types';
import { AssignRolesModal } from './assign-roles-modal';
import { EmailSettingsModal } from './email-settings-modal';
import { EndCustomerDialog } from './end-customer-dialog';
import { MoveAndDeleteModal, type Held } from './move-and-delete-modal';
import type { UserAction } from './user-columns';
import { UserFormModal, type UserFormTarget } from './user-form-modal';
import { failureText } from './use-form-submit';

/** CONFLICT: the user still has child users or devices. */
const STILL_HOLDS = 10011;

type Dialog =
  | { kind: 'form'; target: UserFormTarget }
  | { kind: 'roles'; user: UserRow }
  | { kind: 'email'; user: UserRow }
  | { kind: 'move'; user: UserRow; held: Held }
  | { kind: 'end'; user: UserRow };

/** The users page's actions: dialogs for create, edit, roles, e-mail and a customer's end; confirmations for delete and reset. */
export function useUserActions(): { run(action: UserAction | 'create', user: UserRow): void; dialogs: ReactNode } {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const navigate = useNavigate();
  const remove = useDeleteUser();
  const reset = useResetInitialPassword();
  const close = () => setDialog(null);

  const confirmDelete = (user: UserRow) => {
    modal.confirm({
      title: t('user.users.deleteTitle', { name: user.name }),
      content: t('user.users.deleteContent'),
      okText: t('user.users.deleteConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-user' },
      cancelText: t('user.common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync({ userId: user.userId });
          void message.success(t('user.common.deleted'));
        } catch (error) {
          if (isApiError(error) && error.code === STILL_HOLDS) {
            setDialog({ kind: 'move', user, held: (error.data as Held | null) ?? {} });
          } else if (!(isApiError(error) && error.code === Code.sessionInvalid)) {
            void message.error(failureText(error, t('api.failed')), 5);
          }
        }
      },
    });
  };

  const showPassword = (account: string, password: string) => {
    modal.success({
      title: t('user.users.resetDoneTitle', { account }),
      content: (
        <Space orientation="vertical">
          <Space>
            <Typography.Text code copyable={{ text: password, tooltips: [t('user.common.copy'), t('user.common.copied')], icon: <CopyOutlined /> }} data-testid="initial-password">
              {password}
            </Typography.Text>
          </Space>
          <Typography.Text type="secondary">{t('user.users.resetDoneHint')}</Typography.Text>
        </Space>
      ),
      okText: t('user.common.close'),
    });
  };

  const confirmReset = (user: UserRow) => {
    modal.confirm({
      title: t('user.users.resetTitle', { name: user.name }),
      content: t('user.users.resetContent'),
      okText: t('user.users.resetConfirm'),
      cancelText: t('user.common.cancel'),
      onOk: async () => {
        try {
          const answer = await reset.mutateAsync(user.userId);
          showPassword(user.account, answer.password);
        } catch {
          // The client showed the server's message.
        }
      },
    });
  };

  const run = (action: UserAction | 'create', user: UserRow) => {
    if (action === 'create' || action === 'addChild') setDialog({ kind: 'form', target: { mode: 'create', parent: user } });
    else if (action === 'edit') setDialog({ kind: 'form', target: { mode: 'edit', user } });
    else if (action === 'roles') setDialog({ kind: 'roles', user });
    else if (action === 'email') setDialog({ kind: 'email', user });
    else if (action === 'resetPassword') confirmReset(user);
    else if (action === 'sessions') void navigate(`/user/sessions?userId=${user.userId}`);
    else if (action === 'privacy') void navigate(`/user/privacy?userId=${user.userId}`);
    else if (action === 'endCustomer') setDialog({ kind: 'end', user });
    else if (action === 'delete') confirmDelete(user);
    else void message.error(t('messages.invalidOperation'));
  };

  const dialogs = (
    <>
      {dialog?.kind === 'form' && <UserFormModal target={dialog.target} onClose={close} />}
      {dialog?.kind === 'roles' && <AssignRolesModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'email' && <EmailSettingsModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'end' && <EndCustomerDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'move' && <MoveAndDeleteModal user={dialog.user} held={dialog.held} onClose={close} />}
    </>
  );
  return { run, dialogs };
}
