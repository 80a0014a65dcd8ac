import { Button, Drawer, Empty, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllDevices } from '@/api/device/devices';
import { useBindDevices, useUnbindDevices } from '../api/elevators';
import { useElevator } from '../api/elevators';
import type { Elevator } from '../api/elevators';

/** The robots riding an elevator (bind more, unbind one) and the scheduled tasks that ride it. */
export function ElevatorRobots({ elevator, canEdit, onClose }: { elevator: Elevator; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const detail = useElevator(elevator.elevatorId);
  const robots = useAllDevices(null, canEdit);
  const bind = useBindDevices();
  const unbind = useUnbindDevices();
  const [chosen, setChosen] = useState<number[]>([]);
  const bound = new Set((detail.data?.devices ?? []).map((d) => d.deviceId));
  const choices = (robots.data ?? []).filter((r) => !bound.has(r.deviceId)).map((r) => ({ value: r.deviceId, label: `${r.deviceCode} (${r.deviceSerialNumber})` }));

  const bindChosen = () =>
    bind
      .mutateAsync({ elevatorId: elevator.elevatorId, deviceIds: chosen })
      .then(() => {
        setChosen([]);
        void message.success(t('elevator.devices.bound'));
      })
      .catch(() => undefined);

  return (
    <Drawer open width={520} title={t('elevator.devices.title', { name: elevator.elevatorName })} onClose={onClose} data-testid="elevator-robots">
      {canEdit ? (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Select<number[]>
            mode="multiple"
            style={{ width: '100%' }}
            value={chosen}
            onChange={setChosen}
            options={choices}
            optionFilterProp="label"
            placeholder={t('elevator.devices.bindPlaceholder')}
            aria-label={t('elevator.devices.bindPlaceholder')}
            loading={robots.isPending}
            data-testid="bind-robots"
          />
          <Button type="primary" disabled={chosen.length === 0} loading={bind.isPending} onClick={() => void bindChosen()} data-testid="bind-robots-button">
            {t('elevator.devices.bind')}
          </Button>
        </Space.Compact>
      ) : null}
      <List
        loading={detail.isPending}
        dataSource={detail.data?.devices ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('elevator.devices.none')} /> }}
        renderItem={(device) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Popconfirm
                      key="unbind"
                      title={t('elevator.devices.unbindConfirm', { name: device.deviceCode })}
                      onConfirm={() =>
                        unbind
                          .mutateAsync({ elevatorId: elevator.elevatorId, deviceIds: [device.deviceId] })
                          .then(() => void message.success(t('elevator.devices.unbound')))
                          .catch(() => undefined)
                      }
                    >
                      <Button size="small" danger type="link">
                        {t('elevator.devices.unbind')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta title={device.deviceCode} description={<Typography.Text type="secondary">{device.deviceSerialNumber}</Typography.Text>} />
          </List.Item>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('elevator.devices.schedules')}
      </Typography.Title>
      {(detail.data?.schedules ?? []).length === 0 ? (
        <Typography.Text type="secondary">{t('elevator.devices.noSchedules')}</Typography.Text>
      ) : (
        <Space wrap data-testid="elevator-schedules">
          {detail.data?.schedules.map((s) => <Tag key={s}>{s}</Tag>)}
        </Space>
      )}
    </Drawer>
  );
}
