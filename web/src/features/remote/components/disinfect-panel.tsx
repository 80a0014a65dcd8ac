import { Descriptions, Progress, Segmented, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisinfect, useRobotCommand } from '../api/robot-calls';
import { useIsPhone } from '@/lib/use-is-phone';
import { useRemote } from './remote-context';

function tank(level: number | undefined, name: string) {
  return <Progress percent={Math.round(level ?? 0)} aria-label={name} size="small" status={(level ?? 0) < 10 ? 'exception' : 'normal'} style={{ width: 140, margin: 0 }} />;
}

/** Disinfection: spray level 0 (off) to 3 (disinfect_ctrl {speed_Value}) and the two tanks (disinfect_state). */
export function DisinfectPanel() {
  const phone = useIsPhone(); // label over value: the spray choice and a tank's bar need the width
  const { t } = useTranslation();
  const { robot, canCommand, disabledReason } = useRemote();
  const state = useDisinfect(robot);
  const command = useRobotCommand(robot);
  const level = state.data?.speed_Value ?? 0;
  const control = (
    <Segmented<number>
      value={level}
      disabled={!canCommand}
      data-testid="disinfect-level"
      onChange={(v) => void command.mutateAsync({ call: 'disinfect_ctrl', body: { speed_Value: v } }).catch(() => undefined)}
      options={[0, 1, 2, 3].map((v) => ({ value: v, label: v === 0 ? t('remote.disinfect.off') : String(v) }))}
    />
  );
  return (
    <Descriptions
      size="small"
      column={1}
      layout={phone ? 'vertical' : 'horizontal'}
      data-testid="disinfect"
      items={[
        { key: 'level', label: t('remote.disinfect.level'), children: disabledReason ? <Tooltip title={disabledReason}>{control}</Tooltip> : control },
        {
          key: 'running',
          label: t('remote.disinfect.title'),
          children: <Tag color={state.data?.running ? 'processing' : 'default'}>{state.data?.running ? t('remote.disinfect.running') : t('remote.disinfect.stopped')}</Tag>,
        },
        { key: 'left', label: t('remote.disinfect.left'), children: tank(state.data?.left_level, t('remote.disinfect.left')) },
        { key: 'right', label: t('remote.disinfect.right'), children: tank(state.data?.right_level, t('remote.disinfect.right')) },
      ]}
    />
  );
}
