import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteDeviceGroup } from './api/device-groups';
import { useDeviceGroups } from '@/api/device/device-groups';
import type { DeviceGroup } from '@/api/device/types';
import { GroupFormModal } from './components/group-form-modal';
import { formatTime } from './lib/device-display';
import { filterGroups, GROUP_KIND_COLORS, groupKind } from './lib/groups';
import { useDeviceKeys } from './lib/permissions';
import './device-list-page.css';
import { actionsColumnWidth } from '@/lib/text-width';

const MEMBERS_SHOWN = 4;

/** Device groups (page device/group): ordinary, same project, same map and same building groups. */
export default function DeviceGroupPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const keys = useDeviceKeys();
  const groups = useDeviceGroups();
  const remove = useDeleteDeviceGroup();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<DeviceGroup | 'new' | null>(null);
  const shown = useMemo(() => filterGroups(groups.data ?? [], text), [groups.data, text]);
  const anyAction = keys.groupEdit || keys.groupDelete;

  return (
    <div className="cf-device-groups" data-testid="device-group-page">
      <Card
        title={t('routes.device/group')}
        extra={
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('device.groups.search')}
              aria-label={t('device.groups.search')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              style={{ width: 240 }}
            />
            {keys.groupAdd ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="group-add">
                {t('device.groups.add')}
              </Button>
            ) : null}
          </Space>
        }
      >
        <Table<DeviceGroup>
          rowKey="id"
          loading={groups.isLoading}
          dataSource={shown}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.groups.empty')} /> }}
          scroll={{ x: 1000 }}
          columns={[
            { key: 'name', title: t('device.groups.name'), dataIndex: 'name', width: 170, ellipsis: true },
            {
              key: 'kind',
              title: t('device.groups.kind'),
              width: 130,
              render: (_, g) => {
                const kind = groupKind(g.kind);
                return <Tag color={GROUP_KIND_COLORS[kind]}>{t(`device.groups.kinds.${kind}`)}</Tag>;
              },
            },
            { key: 'owner', title: t('device.groups.owner'), dataIndex: 'userName', width: 150, ellipsis: true },
            {
              key: 'members',
              title: t('device.groups.members'),
              render: (_, g) =>
                g.devices.length === 0 ? (
                  <Typography.Text type="secondary">{t('device.groups.noMembers')}</Typography.Text>
                ) : (
                  <Space size={[4, 4]} wrap>
                    <Tag color="processing" data-testid="group-count">
                      {t('device.groups.memberCount', { n: g.devices.length })}
                    </Tag>
                    {g.devices.slice(0, MEMBERS_SHOWN).map((d) => (
                      <Tag key={d.deviceId} title={d.deviceSerialNumber}>
                        {d.deviceCode}
                      </Tag>
                    ))}
                    {g.devices.length > MEMBERS_SHOWN ? (
                      <Typography.Text type="secondary">{t('device.groups.more', { count: g.devices.length - MEMBERS_SHOWN })}</Typography.Text>
                    ) : null}
                  </Space>
                ),
            },
            { key: 'created', title: t('device.groups.created'), width: 170, render: (_, g) => formatTime(g.createTime) },
            ...(anyAction
              ? [
                  {
                    key: 'actions',
                    title: t('device.columns.actions'),
                    width: actionsColumnWidth([t('device.actions.edit'), t('device.common.delete')], 2, 170),
                    fixed: 'end' as const,
                    render: (_: unknown, g: DeviceGroup) => (
                      <Space size={0}>
                        {keys.groupEdit ? (
                          <Button color="primary" variant="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(g)}>
                            {t('device.actions.edit')}
                          </Button>
                        ) : null}
                        {keys.groupDelete ? (
                          <Popconfirm
                            title={t('device.groups.deleteTitle', { name: g.name })}
                            description={t('device.groups.deleteHint')}
                            okText={t('device.common.delete')}
                            cancelText={t('device.common.cancel')}
                            okButtonProps={{ danger: true }}
                            onConfirm={() =>
                              remove.mutateAsync(g.id).then(
                                () => void message.success(t('device.groups.deleted')),
                                () => undefined,
                              )
                            }
                          >
                            <Button color="danger" variant="link" size="small" icon={<DeleteOutlined />}>
                              {t('device.common.delete')}
                            </Button>
                          </Popconfirm>
                        ) : null}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing !== null ? <GroupFormModal group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
