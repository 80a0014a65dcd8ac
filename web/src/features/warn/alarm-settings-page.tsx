import { Alert, App, Card, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerPicker } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useEditWarnSetting, useWarnChannels, useWarnSettings, type WarnChannel, type WarnSetting } from './api/settings';
import { codeName } from './lib/alarm-names';

const KIND_COLORS: Record<string, string> = { fault: 'red', message: 'orange', banner: 'blue', event: 'purple' };

/**
 * Alarm settings (warn/index/warn_set): for a branch (the user's own or a user below it), which of the server's
 * channels tell that user of each alarm and event: a column per channel the server serves (/wmWarnSet/channels,
 * named in the reader's language). A switch saves at once; screen readers hear it named by its channel and alarm.
 * A channel the server cannot use (no mail server, no notification gateway) keeps its switches, which take effect
 * once it is set up, and a notice says which channels send nothing and why (e-mail stays on by default: the
 * user's own "alarm e-mails" decides whether mail is wanted; backend warn/settings_service.py).
 */
export default function AlarmSettingsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const canEdit = can('warn/index/warn_set/edit');
  const [userId, setUserId] = useState<number | undefined>();
  const settings = useWarnSettings(userId);
  const channels = useWarnChannels(i18n.language);
  const edit = useEditWarnSetting();

  const toggle = (row: WarnSetting, channel: string, on: boolean) => {
    edit
      .mutateAsync({ userId: row.userId, code: row.code, channels: { ...row.channels, [channel]: on } })
      .then(() => void message.success(t('warn.settings.saved')))
      .catch(() => undefined);
  };

  const alarmName = (row: WarnSetting) => codeName(t, row.code, (key) => i18n.exists(key));
  const columns: ColumnsType<WarnSetting> = [
    {
      title: t('warn.settings.alarm'),
      key: 'alarm',
      fixed: 'left',
      render: (_, row) => (
        <div>
          <div>{alarmName(row)}</div>
          <Typography.Text type="secondary">{row.alarmCode || row.code}</Typography.Text>
        </div>
      ),
    },
    { title: t('warn.settings.kind'), dataIndex: 'kind', width: 110, render: (kind: string) => <Tag color={KIND_COLORS[kind]}>{t(`warn.settings.kinds.${kind as 'fault'}`)}</Tag> },
    ...(channels.data ?? []).map((channel) => ({
      title: channel.label, // one that sends nothing here is named in the notice above the table
      key: channel.key,
      width: 110,
      render: (_: unknown, row: WarnSetting) => (
        <Switch
          size="small"
          checked={row.channels[channel.key] ?? false}
          disabled={!canEdit}
          loading={edit.isPending && edit.variables?.code === row.code}
          onChange={(on) => toggle(row, channel.key, on)}
          aria-label={t('warn.settings.switchLabel', { channel: channel.label, alarm: alarmName(row) })}
          data-testid={`set-${row.code}-${channel.key}`}
        />
      ),
    })),
    { title: '', key: 'custom', width: 90, render: (_, row) => (row.custom ? null : <Tag>{t('warn.settings.default')}</Tag>) },
  ];

  return (
    <Card size="small" title={t('warn.settings.title')} data-testid="alarm-settings">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space wrap>
          <OwnerPicker value={userId ?? null} onChange={(id) => setUserId(id ?? undefined)} placeholder={t('warn.settings.branch')} style={{ minWidth: 240 }} />
          <Typography.Text type="secondary">{t('warn.settings.hint')}</Typography.Text>
        </Space>
        <UnavailableChannels channels={channels.data ?? []} />
        <QueryState query={settings} failedTitle={t('warn.loadFailed')}>
          <Table<WarnSetting> rowKey="code" size="small" columns={columns} dataSource={settings.data?.list ?? []} pagination={false} scroll={{ x: 1100 }} locale={{ emptyText: t('warn.empty') }} />
        </QueryState>
      </Space>
    </Card>
  );
}

/** One notice for the channels that send nothing on this server, grouped by why (the server's words). */
function UnavailableChannels({ channels }: { channels: WarnChannel[] }) {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  const byReason = new Map<string, string[]>();
  for (const channel of channels.filter((c) => !c.available)) byReason.set(channel.reason, [...(byReason.get(channel.reason) ?? []), channel.label]);
  if (byReason.size === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('warn.settings.unavailable')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {[...byReason].map(([reason, labels]) => (
            <li key={reason}>{t('warn.settings.unavailableLine', { channels: list.format(labels), reason })}</li>
          ))}
        </ul>
      }
      data-testid="channels-unavailable"
    />
  );
}
