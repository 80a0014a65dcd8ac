import { EditOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { alarmText } from '@/lib/alarm-text';
import { tableWidth } from '@/lib/table-width';
import { actionsColumnWidth } from '@/lib/text-width';
import { useCan } from '@/lib/use-can';
import { useResetRule, useRules, type Rule } from '../api/settings';
import { DutyPanel } from './duty-panel';
import { reminders } from './policy-text';
import { RuleDialog } from './rule-dialog';
import { UrgencyTag } from './tags';

const SETTINGS_KEY = 'incident/index/settings';

/** A rule's source: the branch's own, a branch above's, or the preset. */
function source(rule: Rule): 'custom' | 'inherited' | 'preset' {
  if (rule.custom) return 'custom';
  return rule.inheritedFrom === null ? 'preset' : 'inherited';
}

/** Settings of a branch: which alarms open incidents and their policies, and who is on duty. */
export function SettingsPanel() {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<number | null>(null);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="incident-settings">
      <OwnerFilter value={userId} onChange={setUserId} placeholder={t('incident.settings.branch')} data-testid="settings-branch" />
      <RulesTable userId={userId} />
      <DutyPanel userId={userId} />
    </Space>
  );
}

function RulesTable({ userId }: { userId: number | null }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const rules = useRules(userId);
  const reset = useResetRule();
  const [editing, setEditing] = useState<Rule | null>(null);
  const name = (rule: Rule) => alarmText(t, { key: rule.code, code: rule.alarmCode, content: rule.code }, (key) => i18n.exists(key));
  const columns: ColumnsType<Rule> = [
    {
      title: t('incident.columns.alarm'),
      key: 'alarm',
      width: 240,
      render: (_, r) => (
        <div>
          <bdi>{name(r)}</bdi>
          {r.alarmCode ? (
            <div>
              <Typography.Text type="secondary">
                <bdi>{r.alarmCode}</bdi>
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: t('incident.settings.opens'),
      key: 'opens',
      width: 110,
      render: (_, r) => <Tag color={r.opens ? 'processing' : 'default'}>{r.opens ? t('incident.settings.yes') : t('incident.settings.no')}</Tag>,
    },
    { title: t('incident.columns.urgency'), key: 'urgency', width: 100, render: (_, r) => (r.opens ? <UrgencyTag urgency={r.urgency} /> : '—') },
    {
      title: t('incident.settings.escalation'),
      key: 'escalation',
      width: 260,
      render: (_, r) =>
        r.opens ? (
          <span>
            {t('incident.settings.levelsSummary', { count: r.levels.length })} · {reminders(t, r)}
          </span>
        ) : (
          '—'
        ),
    },
    { title: t('incident.settings.source'), key: 'source', width: 120, render: (_, r) => t(`incident.settings.sources.${source(r)}`) },
  ];
  if (can(SETTINGS_KEY)) {
    const labels = [t('incident.settings.edit'), t('incident.settings.reset')];
    columns.push({
      title: t('incident.columns.actions'),
      key: 'actions',
      width: actionsColumnWidth(labels, labels.length, 120),
      render: (_, r) => (
        <Space size={4} wrap>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid={`edit-rule-${r.code}`}>
            {t('incident.settings.edit')}
          </Button>
          {r.custom ? (
            <DeleteButton
              label={t('incident.settings.reset')}
              okText={t('incident.settings.reset')}
              confirm={t('incident.settings.resetConfirm', { alarm: name(r) })}
              successText={t('incident.settings.resetDone')}
              onDelete={() => reset.mutateAsync({ userId: userId ?? undefined, code: r.code })}
              testId={`reset-rule-${r.code}`}
            />
          ) : null}
        </Space>
      ),
    });
  }
  return (
    <section aria-labelledby="incident-rules-title">
      <Typography.Title level={5} id="incident-rules-title">
        {t('incident.settings.rules')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('incident.settings.rulesHint')}</Typography.Paragraph>
      <QueryState query={rules}>
        <ResponsiveTable<Rule>
          size="small"
          rowKey="code"
          columns={columns}
          dataSource={rules.data ?? []}
          scroll={{ x: tableWidth(columns) }}
          pagination={{ pageSize: 12, showSizeChanger: false, hideOnSinglePage: true }}
          cardTestId="rule-card"
          data-testid="rule-table"
        />
      </QueryState>
      {editing ? <RuleDialog rule={editing} name={name(editing)} userId={userId} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
