import { Alert, App, Button, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobEnded, useDataJob } from '@/api/jobs/jobs';
import { onRefusal } from '@/components/form-refusal';
import { JobProgress } from '@/components/job-progress';
import { QueryState } from '@/components/query-state';
import { useEndPreview, useEndReceipt, useStartEnd, type RobotChoice } from '../api/customer-end';
import { useInvalidateUsers } from '../api/invalidate';
import type { UserRow } from '../api/types';
import { EndCountsList } from './end-counts';
import { EndReceiptView } from './end-receipt';

interface Values {
  robots: RobotChoice;
  confirm: string;
}

/** The confirmation: what goes (the server's preview for the robots' choice), the choice, the typed name. */
function EndConfirm({ user, onStarted, onCancel }: { user: UserRow; onStarted(jobId: number): void; onCancel(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const robots = Form.useWatch('robots', form) ?? 'handover';
  const typed = Form.useWatch('confirm', form) ?? '';
  const preview = useEndPreview(user.userId, robots);
  const start = useStartEnd();
  const name = preview.data?.name ?? user.name;
  const matches = typed.trim() !== '' && typed.trim() === name.trim();

  const submit = (values: Values) => {
    if (!matches) return;
    start
      .mutateAsync({ userId: user.userId, robots: values.robots, confirm: values.confirm })
      .then(({ jobId }) => {
        void message.success(t('user.end.started'));
        onStarted(jobId);
      })
      .catch(onRefusal(form));
  };

  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ robots: 'handover', confirm: '' }} onFinish={submit} data-testid="end-form">
      <Typography.Paragraph>{t('user.end.intro')}</Typography.Paragraph>
      <Form.Item name="robots" label={t('user.end.robotsChoice')}>
        <Radio.Group className="cf-end__choice">
          <Radio value="handover" data-testid="end-robots-handover">
            {t('user.end.handover', { dealer: preview.data?.dealerName ?? '' })}
          </Radio>
          <Radio value="remove" data-testid="end-robots-remove">
            {t('user.end.remove')}
          </Radio>
        </Radio.Group>
      </Form.Item>
      <section aria-labelledby="cf-end-goes" className="cf-end__goes" aria-busy={preview.isFetching}>
        <Typography.Title level={3} id="cf-end-goes" className="cf-end__heading">
          {t('user.end.whatGoes')}
        </Typography.Title>
        <QueryState query={preview} rows={3}>
          {preview.data && <EndCountsList counts={preview.data.counts} testId="end-preview" />}
        </QueryState>
      </section>
      <Form.Item name="confirm" label={t('user.end.typeToConfirm', { name })} extra={t('user.end.signedOut')}>
        <Input autoComplete="off" maxLength={64} data-testid="end-typed" />
      </Form.Item>
      <div className="cf-end__footer">
        <Button onClick={onCancel}>{t('user.common.cancel')}</Button>
        <Button type="primary" danger htmlType="submit" disabled={!matches || !preview.data} loading={start.isPending} data-testid="end-confirm">
          {t('user.end.confirm')}
        </Button>
      </div>
    </Form>
  );
}

/** The run: the job's progress, then the receipt; the list reads again once the customer is gone. */
function EndRun({ user, jobId, onClose }: { user: UserRow; jobId: number; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const job = useDataJob(jobId);
  const invalidate = useInvalidateUsers();
  const state = job.data?.state ?? 'queued';
  const receipt = useEndReceipt(state === 'done' ? jobId : null);

  const told = useRef(false);

  useEffect(() => {
    if (told.current || !jobEnded(job.data)) return;
    told.current = true; // once: the job is no longer asked after it ends
    if (state === 'done') {
      void message.success(t('user.end.done', { name: user.name }));
      void invalidate();
    } else void message.error(t('user.end.failed'));
  }, [job.data, state, message, t, user.name, invalidate]);

  return (
    <div className="cf-end__run" data-testid="end-run">
      <JobProgress
        percent={job.data?.progress ?? 0}
        state={state}
        label={t('user.end.progressLabel', { name: user.name })}
        step={state === 'queued' ? t('user.end.waiting') : state === 'running' ? job.data?.stepText : undefined}
        error={job.data?.errorText ?? t('user.end.failed')}
        testId="end-progress"
      />
      {!jobEnded(job.data) && <Alert type="info" showIcon title={t('user.end.runsOn')} />}
      {state === 'done' && (
        <QueryState query={receipt} rows={6}>
          {receipt.data && <EndReceiptView receipt={receipt.data} />}
        </QueryState>
      )}
      <div className="cf-end__footer">
        <Button type={state === 'done' ? 'primary' : 'default'} onClick={onClose} data-testid="end-close">
          {t('user.common.close')}
        </Button>
      </div>
    </div>
  );
}

/**
 * End a customer (issue 51 item 8; key user/index/end_customer, on a customer's row of the users list): the
 * confirmation naming what goes, then the background job's progress and its receipt. Closing while it runs leaves
 * the job running on the server.
 */
export function EndCustomerDialog({ user, onClose }: { user: UserRow; onClose(): void }) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<number | null>(null);
  return (
    <Modal open title={t('user.end.title', { name: user.name })} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      {jobId === null ? <EndConfirm user={user} onStarted={setJobId} onCancel={onClose} /> : <EndRun user={user} jobId={jobId} onClose={onClose} />}
    </Modal>
  );
}
