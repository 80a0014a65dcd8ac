import { App, Descriptions, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDeleteUser } from '../api/users';
import { useSearchUsers } from '../api/users';
import type { UserRow } from '../api/types';
import { levelName } from './labels';
import { useFormSubmit, useShowFailure } from './use-form-submit';

const HELD_KINDS = { users: 'users', devices: 'devices', 'device groups': 'deviceGroups' } as const;

/** What still hangs on a user, as the server counted it (kind → number). */
export type Held = Record<string, number>;

function heldLabel(t: TFunction, kind: string): string {
  const known = HELD_KINDS[kind as keyof typeof HELD_KINDS];
  return known ? t(`user.users.heldKinds.${known}`) : kind;
}

/**
 * The server refused to delete a user that still has child users or devices: show what it holds
 * and let the user choose another account of the same level to take them over, then delete.
 */
/** The delete call's field names that this form names differently. */
const SERVER_FIELDS = { moveToUserId: 'target' } as const;

export function MoveAndDeleteModal({ user, held, onClose }: { user: UserRow; held: Held; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ target: number }>();
  const showFailure = useShowFailure(form, t('api.failed'), SERVER_FIELDS);
  const [keyword, setKeyword] = useState('');
  const candidates = useSearchUsers({ levelDepth: user.levelDepth, keyword, pageSize: 20, currentPage: 1 });
  const remove = useDeleteUser();
  const options = (candidates.data?.list ?? [])
    .filter((candidate) => candidate.userId !== user.userId)
    .map((candidate) => ({ value: candidate.userId, label: `${candidate.name} (${candidate.account})` }));

  const submit = useFormSubmit(form, async ({ target }) => {
    try {
      await remove.mutateAsync({ userId: user.userId, moveToUserId: target });
    } catch (error) {
      showFailure(error);
      throw error;
    }
    const chosen = options.find((option) => option.value === target)?.label ?? String(target);
    void message.success(t('user.users.movedAndDeleted', { target: chosen }));
    onClose();
  });

  const kinds = Object.entries(held).filter(([, count]) => count > 0);

  return (
    <Modal
      open
      title={t('user.users.moveTitle', { name: user.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('user.users.moveAndDelete')}
      okButtonProps={{ danger: true, 'data-testid': 'move-and-delete' }}
      cancelText={t('user.common.cancel')}
      confirmLoading={remove.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph>{t('user.users.moveIntro', { level: levelName(t, user.levelDepth) })}</Typography.Paragraph>
      {kinds.length > 0 && (
        <Descriptions size="small" bordered column={1} title={t('user.users.moveHeld')} className="cf-move__held">
          {kinds.map(([kind, count]) => (
            <Descriptions.Item key={kind} label={heldLabel(t, kind)}>
              {count}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Form form={form} layout="vertical">
        <Form.Item name="target" label={t('user.users.moveTarget')} rules={[{ required: true, message: t('user.users.moveTargetRequired') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('user.users.moveTargetPlaceholder')}
            loading={candidates.isFetching}
            options={options}
            data-testid="move-target"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
