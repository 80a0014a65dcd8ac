import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { UPDATED: 'success', FAILED: 'error', CANCELLED: 'default', QUEUED: 'default', SENT: 'processing' };

/** A robot's update: its state as a tag and, while it runs, a progress bar. */
export function UpdateState({ state, progress, testId }: { state: string; progress: number; testId?: string }) {
  const { t } = useTranslation();
  const running = !['UPDATED', 'FAILED', 'CANCELLED', 'QUEUED'].includes(state);
  return (
    <span data-testid={testId} data-state={state} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 220 }}>
      <Tag color={COLORS[state] ?? 'processing'}>{t(`version.states.${state}`, { defaultValue: state })}</Tag>
      {running || state === 'UPDATED' ? (
        <Progress percent={progress} size="small" status={state === 'UPDATED' ? 'success' : 'active'} style={{ width: 120, margin: 0 }} />
      ) : null}
    </span>
  );
}
