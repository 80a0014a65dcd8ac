import { SettingOutlined } from '@ant-design/icons';
import { App, Button, Form, InputNumber, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useRobotCommand, useRobotParams } from '../api/robot-calls';
import { useRemote } from './remote-context';
import { enter } from '@/lib/form-rules';

const KNOWN = [
  'max_linear_speed',
  'max_angular_speed',
  'safe_speed',
  'low_battery',
  'back_battery',
  'full_battery',
  'obstacle_distance',
  'volume',
  'brightness',
] as const;

function paramLabel(t: TFunction, name: string): string {
  return (KNOWN as readonly string[]).includes(name) ? t(`remote.params.names.${name as (typeof KNOWN)[number]}`) : name;
}

/** The robot's parameters (robot_params_get) edited and saved (robot_params_set with the changed ones). Key params. */
export function ParamsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="params-open">
        {t('remote.commands.params')}
      </Button>
      {open ? <ParamsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ParamsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { robot, canCommand } = useRemote();
  const params = useRobotParams(robot, true);
  const command = useRobotCommand(robot);
  const [form] = Form.useForm<Record<string, number>>();
  const values = params.data?.params ?? {};
  const ranges = params.data?.ranges ?? {};

  const save = async () => {
    const next = await form.validateFields();
    const changed = Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== null && v !== values[k]));
    if (!Object.keys(changed).length) {
      void message.info(t('remote.params.unchanged'));
      return;
    }
    await command.mutateAsync({ call: 'robot_params_set', body: { params: changed }, done: t('remote.params.saved') });
    void params.refetch();
    onClose();
  };

  return (
    <Modal
      open
      title={t('remote.params.title')}
      onCancel={onClose}
      okText={t('remote.params.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !canCommand || !params.data, loading: command.isPending }}
      onOk={() => void save().catch(() => undefined)}
      destroyOnHidden
    >
      {params.isPending ? (
        <Spin />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ span: 12 }} initialValues={values} data-testid="params-form">
          {Object.keys(values).map((name) => (
            <Form.Item key={name} name={name} label={paramLabel(t, name)} rules={[enter(t, paramLabel(t, name))]}>
              <InputNumber min={ranges[name]?.min} max={ranges[name]?.max} step={(ranges[name]?.max ?? 10) <= 2 ? 0.05 : 1} style={{ width: 140 }} />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
