import { SwapOutlined } from '@ant-design/icons';
import { Button, Card, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevice, type DeviceDetail as RobotRecord } from '@/api/device/devices';
import { hasPermission, useSessionStore } from '@/lib/session';
import { useControlState } from '../api/control-lease';
import { useOnlineRobots } from '../api/online-robots';
import { useHardwareState, useRobotPose, type RobotLink } from '../api/robot-calls';
import { CONTROL_KEY, controlStatus } from '../lib/lease';
import { layoutFor } from '../lib/layout';
import { LayoutLegacy } from './layout-legacy';
import { LayoutV3 } from './layout-v3';
import { LeaseBar } from './lease-bar';
import { RemoteContext, type RemoteRobot } from './remote-context';
import { StatusBanners } from './status-banners';
import { useNow } from '@/lib/use-now';

interface RemoteRobotPageProps {
  deviceId: number;
  /** Go to another robot (null: back to the chooser); asks first while the user holds control. */
  onLeave: (next: number | null, holding: boolean, robotName: string) => void;
}

/** One robot's remote control page: header, control lease, status banners and its layout. */
export function RemoteRobotPage({ deviceId, onLeave }: RemoteRobotPageProps) {
  const { t } = useTranslation();
  const record = useDevice(deviceId, { refetchInterval: 10_000 });
  if (record.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (record.isError) {
    return (
      <Result status="warning" title={t('remote.page.notFound')} extra={<Button onClick={() => onLeave(null, false, '')}>{t('remote.page.otherRobot')}</Button>} />
    );
  }
  if (!record.data.frpPort) {
    return <Result status="info" title={t('remote.page.noPort')} extra={<Button onClick={() => onLeave(null, false, '')}>{t('remote.page.otherRobot')}</Button>} />;
  }
  return <RobotControl record={record.data} port={record.data.frpPort} onLeave={onLeave} />;
}

function RobotControl({ record, port, onLeave }: { record: RobotRecord; port: number; onLeave: RemoteRobotPageProps['onLeave'] }) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const mayControl = hasPermission(user, CONTROL_KEY);
  const robot: RobotLink = useMemo(() => ({ deviceId: record.deviceId, port, protocol: record.protocolVersion }), [record.deviceId, port, record.protocolVersion]);
  const lease = useControlState(record.deviceId);
  const pose = useRobotPose(robot);
  const hardware = useHardwareState(robot);
  const online = useOnlineRobots();
  const now = useNow();
  const control = controlStatus(lease.data, now);
  const holding = control === 'mine';
  const holder = control === 'other' ? (lease.data?.holder ?? '') : null;
  const canCommand = mayControl && holding && record.online === 1;
  const disabledReason = canCommand ? null : holder ? t('remote.lease.heldBy', { holder }) : t('remote.lease.needControl');
  const value: RemoteRobot = { robot, record, control, holder, canCommand, disabledReason };
  const layout = layoutFor(record.protocolVersion);

  // Closing the browser tab while holding control asks first (the browser's own question).
  useEffect(() => {
    if (!holding) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [holding]);
  const refetchLease = lease.refetch;
  const onExpired = useCallback(() => void refetchLease(), [refetchLease]);

  const options = (online.data ?? []).map((r) => ({ value: r.deviceId, label: `${r.deviceCode} · ${r.deviceSerialNumber}` }));
  if (!options.some((o) => o.value === record.deviceId)) options.unshift({ value: record.deviceId, label: `${record.deviceCode} · ${record.deviceSerialNumber}` });

  return (
    <RemoteContext.Provider value={value}>
      <div className="cf-remote" data-testid="remote-robot" data-layout={layout}>
        <Card size="small">
          <div className="cf-remote-header">
            <Space direction="vertical" size={0}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {record.deviceCode}{' '}
                <Tag color={record.online ? 'success' : 'default'}>{record.online ? t('remote.online') : t('remote.offline')}</Tag>
                <Tag color={layout === 'v3' ? 'blue' : 'purple'}>
                  <span data-testid="layout-tag">
                    {layout === 'v3' ? t('remote.page.layoutV3', { version: record.protocolVersion }) : t('remote.page.layoutLegacy', { version: record.protocolVersion })}
                  </span>
                </Tag>
              </Typography.Title>
              <Typography.Text type="secondary">
                <span className="cf-remote-mono">{record.deviceSerialNumber}</span> · {record.typeName}
                {record.heartbeatTime ? ` · ${t('remote.page.lastHeartbeat')} ${dayjs(record.heartbeatTime).format('HH:mm:ss')}` : ''}
              </Typography.Text>
            </Space>
            <Space wrap className="cf-remote-header__end">
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                aria-label={t('remote.page.pickRobot')}
                className="cf-remote-switch"
                value={record.deviceId}
                options={options}
                onChange={(next) => next !== record.deviceId && onLeave(next, holding, record.deviceCode)}
                data-testid="robot-switch"
              />
              {hasPermission(user, 'device/maplist') ? (
                <Link to={`/device/maplist?deviceId=${record.deviceId}`} data-testid="robot-maps">
                  {t('routes.device/maplist')}
                </Link>
              ) : null}
              <Button icon={<SwapOutlined />} onClick={() => onLeave(null, holding, record.deviceCode)} data-testid="other-robot">
                {t('remote.page.otherRobot')}
              </Button>
            </Space>
          </div>
          <LeaseBar deviceId={record.deviceId} lease={lease.data} mayControl={mayControl} onExpired={onExpired} />
        </Card>
        <StatusBanners pose={pose.data} hardware={hardware.data} poseError={pose.error} />
        {layout === 'v3' ? <LayoutV3 pose={pose.data} hardware={hardware.data} /> : <LayoutLegacy pose={pose.data} hardware={hardware.data} />}
      </div>
    </RemoteContext.Provider>
  );
}
