import { QuestionCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RunState } from '../api/actual';
import { RUN_STATE_TAGS, SERVICE_TAGS, type ServiceState } from '../lib/states';

/** A planned run's state: done, late, short, missed, failed or pending. */
export function RunStateTag({ state }: { state: RunState }) {
  const { t } = useTranslation();
  return (
    <Tag color={RUN_STATE_TAGS[state]} data-state={state}>
      {t(`site.states.${state}`)}
    </Tag>
  );
}

/** How a plan item is served by the robots' schedules; a warning when none serves it. */
export function ServiceTag({ state }: { state: ServiceState }) {
  const { t } = useTranslation();
  const icon = state === 'unserved' ? <WarningOutlined /> : state === 'unknown' ? <QuestionCircleOutlined /> : undefined;
  return (
    <Tag color={SERVICE_TAGS[state]} icon={icon} data-state={state}>
      {t(`site.coverage.states.${state}`)}
    </Tag>
  );
}
