import { App, Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RelayTarget } from '@/api/relay';
import { pictureUrl, useBuildCommand } from '../api/robot-maps';
import { robotErrorText } from '../lib/robot-error';
import { enter } from '@/lib/form-rules';

const SCAN_PICTURE = 'api2/building/scan.png';
const SCAN_EVERY_MS = 1_500;

/** The scan so far, asked again every second and a half while the robot builds. */
function useScan(target: RelayTarget, active: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let shown: string | null = null;
    const load = () =>
      pictureUrl(target, SCAN_PICTURE)
        .then((next) => {
          if (stopped) {
            URL.revokeObjectURL(next);
            return;
          }
          if (shown) URL.revokeObjectURL(shown);
          shown = next;
          setUrl(next);
        })
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, SCAN_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      if (shown) URL.revokeObjectURL(shown);
    };
  }, [target, active]);
  return active ? url : null;
}

/**
 * Build a new map live: start, watch the scan grow, save it under a name or cancel. Starting needs the
 * robot online (the button waits for it); a refused start says why (robotErrorText), the panel opens
 * only once the robot has started.
 */
export function BuildPanel({
  target,
  online,
  building,
  onBuilding,
}: {
  target: RelayTarget;
  online: boolean;
  building: boolean;
  onBuilding: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const command = useBuildCommand(target);
  const scan = useScan(target, building);
  const [form] = Form.useForm<{ name: string }>();

  const run = (call: 'draw_new_map' | 'map_save' | 'cancel_map_builiding', body: Record<string, unknown> | undefined, done: string, next: boolean) =>
    command.mutate(
      { call, body },
      {
        onSuccess: () => {
          void message.success(done);
          onBuilding(next);
        },
        onError: (error) => {
          const text = robotErrorText(t, error);
          if (text) void message.error(text);
        },
      },
    );

  if (!building) {
    return (
      <Button data-testid="map-build-start" disabled={!online} loading={command.isPending} onClick={() => run('draw_new_map', undefined, t('map.build.started'), true)}>
        {t('map.build.start')}
      </Button>
    );
  }
  return (
    <div className="cf-map-build" data-testid="map-build">
      <Alert type="info" showIcon message={t('map.build.building')} />
      <div className="cf-map-scan">{scan && <img src={scan} alt="" data-testid="map-build-scan" />}</div>
      <Form
        form={form}
        layout="inline"
        onFinish={({ name }) => run('map_save', { map_name: name.trim() }, t('map.build.saved', { name: name.trim() }), false)}
      >
        <Form.Item name="name" label={t('map.build.name')} rules={[enter(t, t('map.build.name'))]}>
          <Input maxLength={128} data-testid="map-build-name" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={command.isPending} data-testid="map-build-save">
            {t('map.build.save')}
          </Button>
          <Button onClick={() => run('cancel_map_builiding', undefined, t('map.build.cancelled'), false)} data-testid="map-build-cancel">
            {t('map.build.cancel')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
