import { Alert, App, Card, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerPicker } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { CHANNELS, useEditWarnSetting, useWarnSettings, type Channel, type WarnSetting } from './api/settings';
import { codeName } from './lib/alarm-names';

const KIND_COLORS: Record<string, string> = { fault: 'red', message: 'orange', banner: 'blue', event: 'purple' };

/**
 * Alarm settings (warn/index/warn_set): for a branch (the user's own or a user below it), which of the seven
 * channels tell that user of each alarm and event. A switch saves at once; screen readers hear it named by its
 * channel and alarm in the reader's language. On a server without a mail server (`mailConfigured` false) a
 * notice says that no e-mail goes out: e-mail stays on by default (the user's own "alarm e-mails" decides
 * whether mail is wanted; backend warn/settings_service.py), so the switches alone would mislead.
 */
export default function AlarmSettingsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const canEdit = can('warn/index/warn_set/edit');
  const [userId, setUserId] = useState<number | undefined>();
  const settings = useWarnSettings(userId);
  const edit = useEditWarnSetting();

  const toggle = (row: WarnSetting, channel: Channel, on: boolean) => {
    const next = { app: row.app, cloud: row.cloud, email: row.email, official: row.official, sms: row.sms, terminal: row.terminal, offsite: row.offsite, [channel]: on };
    edit
      .mutateAsync({ userId: row.userId, code: row.code, ...next })
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
    ...CHANNELS.map((channel) => ({
      title: t(`warn.settings.channels.${channel}`),
      key: channel,
      width: 110,
      render: (_: unknown, row: WarnSetting) => (
        <Switch
          size="small"
          checked={row[channel]}
          disabled={!canEdit}
          loading={edit.isPending && edit.variables?.code === row.code}
          onChange={(on) => toggle(row, channel, on)}
          aria-label={t('warn.settings.switchLabel', { channel: t(`warn.settings.channels.${channel}`), alarm: alarmName(row) })}
          data-testid={`set-${row.code}-${channel}`}
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
        {settings.data?.mailConfigured === false ? <Alert type="warning" showIcon title={t('warn.settings.noMail')} data-testid="no-mail-server" /> : null}
        <QueryState query={settings} failedTitle={t('warn.loadFailed')}>
          <Table<WarnSetting> rowKey="code" size="small" columns={columns} dataSource={settings.data?.list ?? []} pagination={false} scroll={{ x: 1100 }} locale={{ emptyText: t('warn.empty') }} />
        </QueryState>
      </Space>
    </Card>
  );
}
