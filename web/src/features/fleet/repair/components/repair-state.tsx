import { CheckCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { asRepairState, nextRepairState, REPAIR_STATE_NAMES } from '../../lib/repair-state';

const COLORS = { 0: 'gold', 1: 'processing', 2: 'success' } as const;

export function RepairStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const known = asRepairState(state);
  return (
    <Tag color={COLORS[known]} data-testid="repair-state">
      {t(`fleet.repair.states.${REPAIR_STATE_NAMES[known]}`)}
    </Tag>
  );
}

interface RepairStateActionsProps {
  state: number;
  /** Starting processing asks for processor, time and plan first. */
  onStartProcessing: () => void;
  onHandled: () => Promise<unknown>;
  busy?: boolean;
}

/** The one button that moves a record to its next state (pending → processing → handled); none once handled. */
export function RepairStateActions({ state, onStartProcessing, onHandled, busy = false }: RepairStateActionsProps) {
  const { t } = useTranslation();
  const next = nextRepairState(state);
  if (next === 1) {
    return (
      <Button size="small" type="primary" ghost icon={<PlayCircleOutlined />} onClick={onStartProcessing} loading={busy}>
        {t('fleet.repair.toProcessing')}
      </Button>
    );
  }
  if (next === 2) {
    return (
      <Popconfirm
        title={t('fleet.repair.toHandledConfirm')}
        okText={t('fleet.repair.toHandled')}
        cancelText={t('fleet.common.cancel')}
        onConfirm={() => onHandled().catch(() => undefined)}
      >
        <Button size="small" type="primary" icon={<CheckCircleOutlined />} loading={busy}>
          {t('fleet.repair.toHandled')}
        </Button>
      </Popconfirm>
    );
  }
  return null;
}
