import { App, Checkbox, Form, Modal, Progress, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { searchUsers, useSearchUsers } from '../api/users';
import type { GroupRow } from '../api/types';
import { useInvalidateUsers } from '../api/invalidate';
import { updateUserPermission } from '../api/users';
import { levelName } from './labels';
import { useCan } from '@/lib/use-can';
import { useActingId } from './user-access';
import { useFormSubmit } from './use-form-submit';
import { choose } from '@/lib/form-rules';

/** "No paging" (api-spec 9). */
const ALL = 1_000_000;

interface Values {
  userIds: number[];
  withChildren: boolean;
}

/**
 * Give a role group to chosen users, and optionally to everyone below them: one call per user,
 * with progress; the users that could not get it are counted with the first reason.
 */
export function GroupAssignModal({ group, onClose }: { group: GroupRow; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actingId = useActingId();
  const can = useCan();
  const invalidate = useInvalidateUsers();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const candidates = useSearchUsers({ keyword: keyword || null, pageSize: 30, currentPage: 1 }, can('user/index'));
  const options = (candidates.data?.list ?? [])
    .filter((user) => user.userId !== actingId)
    .map((user) => ({ value: user.userId, label: `${user.name} (${user.account}) · ${levelName(t, user.levelDepth)}` }));

  const submit = useFormSubmit(form, async ({ userIds, withChildren }) => {
    setProgress({ done: 0, total: userIds.length });
    const targets = new Set(userIds);
    if (withChildren) {
      for (const userId of userIds) {
        const below = await searchUsers({ userId, pageSize: ALL, currentPage: 1 });
        for (const user of below.list) if (user.userId !== actingId) targets.add(user.userId);
      }
    }
    let done = 0;
    let failed = 0;
    let reason = '';
    setProgress({ done, total: targets.size });
    for (const userId of targets) {
      try {
        // Quiet: one summary at the end instead of a toast per user.
        await updateUserPermission({ userId, roleGroupId: group.id }, { quiet: true });
        done += 1;
      } catch (error) {
        failed += 1;
        reason ||= isApiError(error) ? error.message : String(error);
      }
      setProgress({ done: done + failed, total: targets.size });
    }
    await invalidate();
    setProgress(null);
    if (failed === 0) void message.success(t('user.groups.assigned', { count: done }));
    else void message.warning(t('user.groups.assignPartly', { count: done, failed, reason }), 8);
    onClose();
  });

  return (
    <Modal
      open
      title={t('user.groups.assignTitle', { name: group.name })}
      onCancel={progress ? undefined : onClose}
      closable={!progress}
      onOk={() => void submit()}
      okText={t('user.groups.assign')}
      cancelText={t('user.common.cancel')}
      confirmLoading={progress !== null}
      cancelButtonProps={{ disabled: progress !== null }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" initialValues={{ userIds: [], withChildren: false }} disabled={progress !== null}>
        <Form.Item
          name="userIds"
          label={t('user.groups.assignUsers')}
          rules={[choose(t, t('user.groups.assignUsers'))]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('user.users.moveTargetPlaceholder')}
            loading={candidates.isFetching}
            options={options}
            data-testid="group-assign-users"
          />
        </Form.Item>
        <Form.Item name="withChildren" valuePropName="checked">
          <Checkbox>{t('user.groups.includeChildren')}</Checkbox>
        </Form.Item>
      </Form>
      {progress && (
        <>
          <Progress percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 0} />
          <Typography.Text type="secondary">{t('user.groups.assignProgress', progress)}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
