import { App, Alert, Button, Drawer, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { type AffectedRobot, type AffectedVersion, useAffected, useStartUpdate } from '../api/advisories';

/** One advisory: the affected firmware versions, the caller's robots running them, and the update to a fixed one
 * (after a confirmation naming the version and how many robots). */
export function AdvisoryDrawer({ id, canUpdate, onClose }: { id: number; canUpdate: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const affected = useAffected(id);
  const start = useStartUpdate();
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState<number | undefined>(undefined);
  const detail = affected.data;
  const fixed = useMemo(() => (detail?.fixedFirmware ?? []).filter((f) => f.enabled), [detail]);
  const chosen = target ?? fixed[0]?.versionId;
  const targetName = fixed.find((f) => f.versionId === chosen);

  const versionColumns: ColumnsType<AffectedVersion> = [
    { title: t('advisory.detail.columns.firmware'), key: 'firmware', render: (_, v) => `${v.name} (${v.version})` },
    {
      title: t('advisory.detail.columns.components'),
      key: 'components',
      render: (_, v) => (
        <Space size={[4, 4]} wrap>
          {v.components.map((c) => (
            <Tag key={c.purl} color="error">
              <bdi>{`${c.name} ${c.version}`}</bdi>
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('advisory.detail.columns.robots'), dataIndex: 'robots', key: 'robots' },
  ];
  const robotColumns: ColumnsType<AffectedRobot> = [
    { title: t('advisory.detail.columns.serial'), dataIndex: 'deviceSerialNumber', key: 'serial' },
    { title: t('advisory.detail.columns.name'), dataIndex: 'deviceName', key: 'name' },
    { title: t('advisory.detail.columns.running'), dataIndex: 'firmwareVersion', key: 'running' },
  ];

  const confirm = () => {
    if (chosen === undefined || !targetName) return;
    const robots = selected;
    modal.confirm({
      title: t('advisory.detail.confirmTitle', { version: targetName.version }),
      content: t('advisory.detail.confirmBody', { count: robots.length }),
      okText: t('advisory.detail.confirm'),
      okButtonProps: { 'data-testid': 'confirm-advisory-update' } as never,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const answer = await start.mutateAsync({ id, versionId: chosen, deviceSerialNumbers: robots });
          setSelected([]);
          void message.success(t('advisory.detail.started', { count: answer.robots }));
        } catch {
          // The client showed the server's refusal.
        }
      },
    });
  };

  return (
    <Drawer open width={880} onClose={onClose} title={detail ? detail.osvId : t('common.loading')} data-testid="advisory-drawer" destroyOnHidden>
      <QueryState query={affected}>
        {detail ? (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            {detail.summary ? <Typography.Text strong>{detail.summary}</Typography.Text> : null}
            {detail.fixedVersions.length ? <Typography.Text type="secondary">{t('advisory.detail.fixedIn', { versions: detail.fixedVersions.join(', ') })}</Typography.Text> : null}
            <Typography.Title level={5}>{t('advisory.detail.versionsTitle')}</Typography.Title>
            {detail.versions.length ? (
              <Table<AffectedVersion> rowKey="versionId" size="small" columns={versionColumns} dataSource={detail.versions} pagination={false} data-testid="affected-versions" />
            ) : (
              <Alert type="success" showIcon message={t('advisory.detail.noneAffected')} data-testid="none-affected" />
            )}
            {detail.withoutSbom ? <Typography.Text type="secondary">{t('advisory.detail.withoutSbom', { count: detail.withoutSbom })}</Typography.Text> : null}
            <Typography.Title level={5}>{t('advisory.detail.robotsTitle')}</Typography.Title>
            {detail.robots.length ? (
              <>
                {canUpdate ? (
                  fixed.length ? (
                    <Space wrap>
                      <Select
                        style={{ minWidth: 260 }}
                        aria-label={t('advisory.detail.target')}
                        value={chosen}
                        onChange={setTarget}
                        options={fixed.map((f) => ({ value: f.versionId, label: `${f.name} (${f.version})` }))}
                        data-testid="advisory-target"
                      />
                      <Button type="primary" disabled={!selected.length} loading={start.isPending} onClick={confirm} data-testid="advisory-update">
                        {t('advisory.detail.update')}
                      </Button>
                    </Space>
                  ) : (
                    <Alert type="warning" showIcon message={t('advisory.detail.noTarget')} data-testid="no-target" />
                  )
                ) : null}
                <Table<AffectedRobot>
                  rowKey="deviceSerialNumber"
                  size="small"
                  columns={robotColumns}
                  dataSource={detail.robots}
                  rowSelection={canUpdate ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
                  pagination={{ pageSize: 50, hideOnSinglePage: true }}
                  data-testid="affected-robots"
                />
                {detail.robotCount > detail.robots.length ? <Typography.Text type="secondary">{t('advisory.detail.more', { shown: detail.robots.length, count: detail.robotCount })}</Typography.Text> : null}
              </>
            ) : (
              <Alert type="success" showIcon message={t('advisory.detail.noRobots')} data-testid="no-robots" />
            )}
          </Space>
        ) : null}
      </QueryState>
    </Drawer>
  );
}
