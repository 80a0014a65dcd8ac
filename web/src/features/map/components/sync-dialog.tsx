import { App, Button, Form, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { useAllDevices } from '@/api/device/devices';
import { useRetrySync, useStartSync, useSyncs, type SyncRow } from '../api/map-records';
import { mapInUseOf, type MapInUse } from '../lib/in-use';
import { ReplaceInUseDialog } from './replace-dialog';
import { choose } from '@/lib/form-rules';
import { formatTime } from '@/lib/format';

const COLOURS: Record<string, string> = { pending: 'default', running: 'processing', success: 'success', failed: 'error' };

function Outcome({ state, side }: { state: string; side: 'send' | 'receive' }) {
  const { t } = useTranslation();
  const label =
    state === 'success' || state === 'failed' ? t(`map.sync.${side}Outcome.${state}`) : t(`map.sync.states.${state}`, { defaultValue: state });
  return (
    <Tag color={COLOURS[state] ?? 'default'} data-testid={`sync-${side}-${state}`}>
      {label}
    </Tag>
  );
}

/** The reason of a failed side, or, while the target has not taken the map, since when and until when it waits. */
function SyncMessage({ row }: { row: SyncRow }) {
  const { t } = useTranslation();
  if (row.message || !row.waitingSince || !row.expiresAt) return row.message;
  return (
    <span data-testid="sync-waiting">{t('map.sync.waiting', { since: formatTime(row.waitingSince), until: formatTime(row.expiresAt) })}</span>
  );
}

/**
 * Sync a map from this robot to others: choose the targets, then each side's outcome per robot, with a retry.
 * When a target's same-named map is in use, the server sends nothing and names them: the confirmation lists
 * them, and "Replace anyway" sends the same sync with `replaceInUse`.
 */
export function SyncDialog({ deviceId, mapName, onClose }: { deviceId: number; mapName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const robots = useAllDevices();
  const syncs = useSyncs(deviceId, true);
  const start = useStartSync(deviceId);
  const retry = useRetrySync(deviceId);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ targets: number[] }>();
  const [asking, setAsking] = useState<{ inUse: MapInUse; targets: number[] } | null>(null);
  const send = (targets: number[], replaceInUse: boolean) =>
    start.mutate(
      { mapName, targetDeviceIds: targets, replaceInUse },
      {
        onSuccess: () => setAsking(null),
        onError: (error) => {
          const inUse = mapInUseOf(error);
          if (!isApiError(error) || !error.claim()) return;
          if (inUse && !replaceInUse) setAsking({ inUse, targets });
          else {
            setAsking(null);
            if (error.kind !== 'aborted') void message.error(error.message);
          }
        },
      },
    );
  const options = (robots.data ?? [])
    .filter((r) => r.deviceId !== deviceId)
    .map((r) => ({ value: r.deviceId, label: `${r.deviceCode} · ${r.deviceSerialNumber}` }));
  const rows = (syncs.data ?? []).filter((row) => row.sourceDeviceId === deviceId && row.mapName === mapName);

  return (
    <Modal open title={t('map.sync.title', { name: mapName })} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Form form={form} layout="inline" onFinish={({ targets }) => send(targets, false)}>
        <Form.Item name="targets" label={t('map.sync.targets')} rules={[choose(t, t('map.sync.targets'))]} style={{ minWidth: 420 }}>
          <Select mode="multiple" options={options} optionFilterProp="label" data-testid="sync-targets" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={start.isPending} data-testid="sync-start">
          {t('map.sync.start')}
        </Button>
      </Form>
      <h4 className="cf-map-sync-history">{t('map.sync.history')}</h4>
      <Table<SyncRow>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        data-testid="sync-rows"
        columns={[
          { title: t('map.sync.target'), key: 'target', render: (_, row) => `${row.targetName} · ${row.targetSerialNumber}` },
          { title: t('map.sync.send'), key: 'send', render: (_, row) => <Outcome state={row.sendState} side="send" /> },
          { title: t('map.sync.receive'), key: 'receive', render: (_, row) => <Outcome state={row.receiveState} side="receive" /> },
          { title: t('map.sync.message'), key: 'message', render: (_, row) => <SyncMessage row={row} /> },
          {
            key: 'retry',
            render: (_, row) =>
              (row.sendState === 'failed' || row.receiveState === 'failed') && (
                <Button size="small" loading={retry.isPending && retry.variables === row.id} onClick={() => retry.mutate(row.id)}>
                  {t('map.sync.retry')}
                </Button>
              ),
          },
        ]}
      />
      {asking && (
        <ReplaceInUseDialog inUse={asking.inUse} busy={start.isPending} onReplace={() => send(asking.targets, true)} onCancel={() => setAsking(null)} />
      )}
    </Modal>
  );
}
