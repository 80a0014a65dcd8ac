import { Button, Empty, InputNumber, Slider, Space, Spin, Switch, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useRobotCommand, useUtilities, useUtilityList } from '../api/robot-calls';
import type { UtilitySpec, UtilityState } from '../api/robot-answers';
import { utilityValueKey } from '../lib/layout';
import { useRemote } from './remote-context';

const NAME_KEYS = {
  headlight: 'headlight',
  'ambient light': 'ambientLight',
  'left door': 'leftDoor',
  'right door': 'rightDoor',
  sprayer: 'sprayer',
  fan: 'fan',
} as const;

function utilityName(t: TFunction, name: string): string {
  const key = NAME_KEYS[name.toLowerCase() as keyof typeof NAME_KEYS];
  return key ? t(`remote.utilities.names.${key}`) : name;
}

const valueOf = (u: UtilityState | undefined) => u?.value ?? u?.val ?? 0;

/**
 * Lights, doors, sprayer, fan … with their states (utils_state). Protocol 3 robots describe their
 * utilities (utils_list: switch or level with a range) and take {id, value}; older robots only
 * report {id, name, val} and take {id, val}, so each gets a number field.
 */
export function UtilitiesPanel({ v3 }: { v3: boolean }) {
  const { t } = useTranslation();
  const { robot, canCommand, disabledReason } = useRemote();
  const states = useUtilities(robot);
  const specs = useUtilityList(robot, v3);
  const command = useRobotCommand(robot);
  const key = utilityValueKey(robot.protocol);
  const set = (id: number, value: number) => command.mutateAsync({ call: 'utils_ctrl', body: { id, [key]: value } }).catch(() => undefined);

  if (states.isPending || (v3 && specs.isPending)) return <Spin />;
  const list = states.data?.utils ?? [];
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('remote.utilities.empty')} />;
  const specOf = (id: number): UtilitySpec | undefined => specs.data?.utils?.find((s) => s.id === id);

  return (
    <Table<UtilityState>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={list}
      data-testid="utilities"
      columns={[
        { key: 'name', title: t('remote.chooser.name'), render: (_, u) => utilityName(t, u.name) },
        {
          key: 'control',
          title: t('remote.utilities.title'),
          render: (_, u) => {
            const control = v3 ? (
              <V3Control spec={specOf(u.id)} value={valueOf(u)} disabled={!canCommand} onSet={(v) => void set(u.id, v)} testId={`utility-${u.id}`} />
            ) : (
              <LegacyControl value={valueOf(u)} disabled={!canCommand} onSet={(v) => void set(u.id, v)} testId={`utility-${u.id}`} />
            );
            return disabledReason ? <Tooltip title={disabledReason}>{control}</Tooltip> : control;
          },
        },
      ]}
    />
  );
}

function V3Control({ spec, value, disabled, onSet, testId }: { spec?: UtilitySpec; value: number; disabled: boolean; onSet: (v: number) => void; testId: string }) {
  if (!spec || spec.type === 'switch' || (spec.min === 0 && spec.max === 1)) {
    return <Switch checked={value === 1} disabled={disabled} onChange={(on) => onSet(on ? 1 : 0)} data-testid={testId} />;
  }
  return (
    <Slider
      style={{ width: 180 }}
      min={spec.min ?? 0}
      max={spec.max ?? 100}
      defaultValue={value}
      key={value}
      disabled={disabled}
      onChangeComplete={(v) => onSet(v)}
      data-testid={testId}
    />
  );
}

function LegacyControl({ value, disabled, onSet, testId }: { value: number; disabled: boolean; onSet: (v: number) => void; testId: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<number | null>(null);
  return (
    <Space.Compact>
      <InputNumber size="small" min={0} max={100} value={draft ?? value} onChange={(v) => setDraft(v)} disabled={disabled} data-testid={testId} style={{ width: 90 }} />
      <Button
        size="small"
        disabled={disabled || draft === null || draft === value}
        onClick={() => {
          if (draft !== null) onSet(draft);
          setDraft(null);
        }}
      >
        {t('remote.utilities.set')}
      </Button>
    </Space.Compact>
  );
}
