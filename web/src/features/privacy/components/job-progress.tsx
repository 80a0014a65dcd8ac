import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { privacyKeys } from '../api/keys';
import { useDataJob, type DataJob } from '@/api/jobs/jobs';
import { JobProgress as ProgressBar } from '@/components/job-progress';

/**
 * A data job's progress (shared: a person's export and erasure, a customer's end): its state, the step in words, a
 * bar, then the result's download link until it expires, or the reason it failed. Asks /privacy/job/get every
 * 1.5 s while the job runs.
 */
export function JobProgress({ id, initial }: { id: number; initial?: DataJob }) {
  const { t } = useTranslation();
  const job = useDataJob(id).data ?? initial;
  const client = useQueryClient();
  const before = useRef(job?.state);
  useEffect(() => {
    // a job that just ended changes what the page offers (an erased person is not exported or erased again)
    const ended = job?.state === 'done' || job?.state === 'failed';
    if (ended && before.current !== job?.state && before.current !== undefined) void client.invalidateQueries({ queryKey: privacyKeys.all });
    before.current = job?.state;
  }, [job?.state, client]);
  if (!job) return <Typography.Text type="secondary">{t('privacy.loading')}</Typography.Text>;
  const label = t(`privacy.kinds.${job.kind}`, { name: job.subjectName });
  return (
    <Space orientation="vertical" className="cf-privacy-job" data-testid={`job-${job.id}`} data-state={job.state}>
      <Space wrap>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text type="secondary">{t(`privacy.states.${job.state}`)}</Typography.Text>
        <Typography.Text type="secondary">{new Date(job.createdAt).toLocaleString()}</Typography.Text>
      </Space>
      <ProgressBar percent={job.progress} state={job.state} label={t('privacy.progressLabel', { name: label })}
        step={job.state === 'running' ? job.stepText : undefined} error={job.errorText ?? t('privacy.failed')} />
      {job.state === 'done' && job.pseudonym && (
        <Typography.Text data-testid="erased-pseudonym">{t('privacy.erasedAs', { pseudonym: job.pseudonym })}</Typography.Text>
      )}
      {job.state === 'done' && job.link && (
        <Space wrap>
          <Button type="primary" icon={<DownloadOutlined />} href={job.link} data-testid="download-export">
            {t('privacy.download')}
          </Button>
          {job.linkExpiresAt && <Typography.Text type="secondary">{t('privacy.until', { time: new Date(job.linkExpiresAt).toLocaleString() })}</Typography.Text>}
        </Space>
      )}
      {job.state === 'done' && job.kind === 'person_export' && !job.link && <Typography.Text type="secondary">{t('privacy.expired')}</Typography.Text>}
    </Space>
  );
}
