import { PlusOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDevice, type DeviceDetail } from '@/api/device/devices';
import { DevicePicker } from '@/components/device-picker';
import { useDeviceLinks } from '@/lib/device-links';
import { useCan } from '@/lib/use-can';
import { HireDialog } from '../hire/components/hire-dialog';
import { HireTable } from '../hire/components/hire-table';
import { RepairDialog } from '../repair/components/repair-dialog';
import { RepairTable } from '../repair/components/repair-table';
import { ConsumablesCard } from './components/consumables-card';
import { DeviceDetails } from './components/device-details';
import { DeviceStatus } from './components/device-status';
import { FittedHardware, HardwareHistory } from './components/hardware-tables';
import { MaintenanceTable } from './components/maintenance-table';
import { PasswordButton } from './components/password-button';
import { HealthPanel } from './components/health-panel';
import { WearPanel } from './components/wear-panel';
import '../components/fleet.css';
import { LoadFailed } from '@/components/query-state';

function readDeviceId(params: URLSearchParams): number | null {
  const id = Number(params.get('deviceId'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** One device's full record: fields, state, hardware, consumables, maintenance, repairs and leases. */
export default function DeviceInfoPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const deviceId = readDeviceId(params);
  const device = useDevice(deviceId);

  return (
    <div className="cf-fleet" data-testid="device-info">
      <Card size="small">
        <div className="cf-fleet-toolbar">
          <label htmlFor="device-info-picker">
            <Typography.Text strong>{t('fleet.common.device')}</Typography.Text>
          </label>
          <DevicePicker
            id="device-info-picker"
            value={deviceId ?? undefined}
            initial={device.data}
            style={{ width: 360, maxWidth: '100%' }}
            allowClear={false}
            onChange={(id) => id !== undefined && setParams({ deviceId: String(id) })}
          />
          {deviceId !== null ? (
            <Button icon={<ReloadOutlined />} onClick={() => void device.refetch()} loading={device.isFetching} className="cf-fleet-toolbar__end">
              {t('fleet.common.refresh')}
            </Button>
          ) : null}
        </div>
      </Card>
      {deviceId === null ? (
        <Card>
          <Empty description={t('fleet.info.choose')} />
        </Card>
      ) : device.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : device.isError ? (
        <Card>
          <LoadFailed title={t('fleet.info.notFound')} onRetry={device.refetch} />
        </Card>
      ) : (
        <DeviceRecord device={device.data} />
      )}
    </div>
  );
}

function DeviceRecord({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const links = useDeviceLinks();
  const [repairPage, setRepairPage] = useState(1);
  const [hirePage, setHirePage] = useState(1);
  const [adding, setAdding] = useState<'repair' | 'hire' | null>(null);
  const brief = { deviceId: device.deviceId, deviceSerialNumber: device.deviceSerialNumber, deviceCode: device.deviceCode };

  const tabs = [
    { key: 'hardware', label: t('fleet.info.hardware'), children: <FittedHardware deviceId={device.deviceId} /> },
    { key: 'history', label: t('fleet.info.hardwareHistory'), children: <HardwareHistory deviceId={device.deviceId} /> },
    { key: 'maintenance', label: t('fleet.info.maintenance'), children: <MaintenanceTable serial={device.deviceSerialNumber} /> },
  ];
  if (can('device/repair')) {
    tabs.push({
      key: 'repairs',
      label: t('fleet.info.repairs'),
      children: (
        <div className="cf-fleet">
          {can('device/repair/add') ? (
            <Button icon={<PlusOutlined />} onClick={() => setAdding('repair')} style={{ alignSelf: 'flex-start' }}>
              {t('fleet.repair.add')}
            </Button>
          ) : null}
          <RepairTable filter={{ deviceId: device.deviceId }} page={repairPage} onPage={setRepairPage} pageSize={10} hideDevice emptyText={t('fleet.info.noRepairs')} />
        </div>
      ),
    });
  }
  if (can('device/hire')) {
    tabs.push({
      key: 'leases',
      label: t('fleet.info.leases'),
      children: (
        <div className="cf-fleet">
          {can('device/hire/add') ? (
            <Button icon={<PlusOutlined />} onClick={() => setAdding('hire')} style={{ alignSelf: 'flex-start' }}>
              {t('fleet.hire.add')}
            </Button>
          ) : null}
          <HireTable filter={{ deviceId: device.deviceId }} page={hirePage} onPage={setHirePage} pageSize={10} hideDevice emptyText={t('fleet.info.noLeases')} />
        </div>
      ),
    });
  }

  return (
    <>
      <Card size="small" data-testid="device-header">
        <div className="cf-fleet-toolbar">
          <Space direction="vertical" size={0}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {device.deviceCode}{' '}
              <Tag color={device.online ? 'success' : 'default'}>{device.online ? t('fleet.common.online') : t('fleet.common.offline')}</Tag>
            </Typography.Title>
            <Typography.Text type="secondary">
              <span className="cf-fleet-mono">{device.deviceSerialNumber}</span> · {device.typeName}
            </Typography.Text>
          </Space>
          <Space wrap className="cf-fleet-toolbar__end">
            {links.devicesOfOwner ? (
              <Link to={links.devicesOfOwner(device.userId)}>
                <Button icon={<UnorderedListOutlined />}>{t('fleet.common.showDevicesOfOwner')}</Button>
              </Link>
            ) : null}
            {can('device/index/view_password') ? <PasswordButton deviceId={device.deviceId} deviceName={device.deviceCode} /> : null}
          </Space>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <div className="cf-fleet">
            <DeviceStatus device={device} />
            <DeviceDetails device={device} />
            {can('device/health') ? <HealthPanel deviceId={device.deviceId} /> : null}
          </div>
        </Col>
        <Col xs={24} xl={9}>
          <div className="cf-fleet">
            <ConsumablesCard serial={device.deviceSerialNumber} />
            {can('wear/index') ? <WearPanel serial={device.deviceSerialNumber} /> : null}
          </div>
        </Col>
      </Row>
      <Card size="small">
        <ResponsiveTabs items={tabs} />
      </Card>
      {adding === 'repair' ? <RepairDialog repair={null} device={brief} onClose={() => setAdding(null)} /> : null}
      {adding === 'hire' ? <HireDialog device={brief} onClose={() => setAdding(null)} /> : null}
    </>
  );
}
