import { DeleteOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useEraseCheck, useStartErasure } from '../api/privacy';

/**
 * Erase a user of the branch (key user/index/erase): the server's check first (the only person who can administer a
 * customer is refused, with what to do first), then a confirmation where the account name must be typed.
 */
export function EraseSection({ userId, onStarted }: { userId: number; onStarted(id: number): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const check = useEraseCheck(userId);
  const erase = useStartErasure();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const account = check.data?.account ?? '';

  const submit = () =>
    erase
      .mutateAsync({ userId, confirm: typed })
      .then((job) => {
        setOpen(false);
        setTyped('');
        void message.success(t('privacy.erase.started'));
        onStarted(job.id);
      })
      .catch(() => undefined);

  return (
    <section aria-labelledby="cf-erase-heading" className="cf-privacy-erase">
      <Typography.Title level={2} id="cf-erase-heading" className="cf-privacy-heading">
        {t('privacy.erase.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('privacy.erase.intro')}</Typography.Paragraph>
      <QueryState query={check}>
        {check.data && !check.data.allowed && <Alert type="warning" showIcon title={check.data.reason} data-testid="erase-refused" />}
        {check.data?.allowed && (
          <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)} data-testid="erase-person">
            {t('privacy.erase.button')}
          </Button>
        )}
      </QueryState>
      <Modal
        open={open}
        title={t('privacy.erase.confirmTitle', { account })}
        okText={t('privacy.erase.confirm')}
        okButtonProps={{ danger: true, disabled: typed !== account, loading: erase.isPending, 'data-testid': 'confirm-erase' }}
        cancelText={t('common.cancel')}
        onOk={submit}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Space orientation="vertical" className="cf-privacy-confirm">
          <Typography.Paragraph>{t('privacy.erase.what')}</Typography.Paragraph>
          <label htmlFor="cf-erase-typed">{t('privacy.erase.typeToConfirm', { account })}</label>
          <Input id="cf-erase-typed" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" maxLength={64} data-testid="erase-typed" />
        </Space>
      </Modal>
    </section>
  );
}
