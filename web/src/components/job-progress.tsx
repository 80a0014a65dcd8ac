import { Alert, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { JobState } from '@/api/jobs/jobs';

const STATUS = { queued: 'normal', running: 'active', done: 'success', failed: 'exception' } as const;

interface JobProgressProps {
  /** 0..100. */
  percent: number;
  state: JobState;
  /** The bar's accessible name (what runs: "Ending Acme"). */
  label: string;
  /** The current step in words, from the caller (a job's `stepText`, "Waiting" while queued). */
  step?: ReactNode;
  /** Why a failed job failed, in words, from the caller (a job's `errorText`). */
  error?: ReactNode;
  testId?: string;
}

/**
 * A long job's progress (a data job of privacy/jobs.py, or any work with a percent): a bar with its percent, the
 * step in words read out as it changes, and a failed state with its reason. The words are the caller's; this only
 * lays them out.
 */
export function JobProgress({ percent, state, label, step, error, testId }: JobProgressProps) {
  return (
    <div className="cf-job-progress" data-testid={testId} data-state={state} data-percent={percent}>
      <Progress percent={percent} status={STATUS[state]} aria-label={label} />
      {step && state !== 'failed' && (
        <Typography.Text type="secondary" aria-live="polite">
          {step}
        </Typography.Text>
      )}
      {state === 'failed' && <Alert type="error" showIcon title={error ?? label} role="alert" />}
    </div>
  );
}
