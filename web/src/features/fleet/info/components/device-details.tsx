import { Card, Descriptions } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '@/api/device/devices';
import { formatTime, orDash } from '../../lib/format';

const SIM_PROVIDERS = ['0', '1', '2'] as const;
/** Provider 3 is a brand name, the same in every language. */
const SIM_BRANDS: Record<string, string> = { '3': 'SimBoss' };

function coordinates(device: DeviceDetail): string | number {
  if (device.latitude === null || device.longitude === null) return orDash(null);
  return `${device.latitude.toFixed(5)}, ${device.longitude.toFixed(5)}`;
}

/** Every field of the device record (product-spec.md 3), grouped. */
export function DeviceDetails({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const sim = String(device.simSupport ?? '');
  const provider = (SIM_PROVIDERS as readonly string[]).includes(sim)
    ? t(`fleet.info.simProviders.${sim as (typeof SIM_PROVIDERS)[number]}`)
    : (SIM_BRANDS[sim] ?? orDash(null));
  const groups: { title: string; items: DescriptionsProps['items'] }[] = [
    {
      title: t('fleet.info.identity'),
      items: [
        { key: 'name', label: t('fleet.common.deviceName'), children: device.deviceCode },
        { key: 'serial', label: t('fleet.common.serialNumber'), children: <span className="cf-fleet-mono">{device.deviceSerialNumber}</span> },
        { key: 'type', label: t('fleet.common.deviceType'), children: device.typeName },
        { key: 'rack', label: t('fleet.info.rackNumber'), children: orDash(device.rackNumber) },
        { key: 'owner', label: t('fleet.info.owner'), children: device.userName && device.userName !== device.account ? `${device.userName} (${device.account})` : device.account },
        { key: 'created', label: t('fleet.common.createTime'), children: formatTime(device.createTime) },
      ],
    },
    {
      title: t('fleet.info.place'),
      items: [
        { key: 'customer', label: t('fleet.info.customer'), children: orDash(device.customerName) },
        { key: 'customerAddress', label: t('fleet.info.customerAddress'), children: orDash(device.customerAddress) },
        { key: 'address', label: t('fleet.info.address'), children: orDash(device.address), span: 2 },
        { key: 'address1', label: t('fleet.info.address1'), children: orDash(device.address1) },
        { key: 'area', label: t('fleet.info.area'), children: orDash(device.area) },
        { key: 'city', label: t('fleet.info.city'), children: orDash(device.city) },
        { key: 'province', label: t('fleet.info.province'), children: orDash(device.province) },
        { key: 'country', label: t('fleet.info.country'), children: orDash(device.country) },
        { key: 'coordinates', label: t('fleet.info.coordinates'), children: coordinates(device) },
      ],
    },
    {
      title: t('fleet.info.connection'),
      items: [
        { key: 'sim', label: t('fleet.info.sim'), children: <span className="cf-fleet-mono">{orDash(device.simNo)}</span> },
        { key: 'provider', label: t('fleet.info.simProvider'), children: provider },
        {
          key: 'frp',
          label: t('fleet.info.frp'),
          children: device.frpHost ? <span className="cf-fleet-mono">{`${device.frpHost}:${device.frpPort ?? '—'}`}</span> : orDash(null),
          span: 2,
        },
        { key: 'ssh', label: t('fleet.info.sshPort'), children: orDash(device.sshPort) },
        { key: 'web', label: t('fleet.info.webPort'), children: orDash(device.webPort) },
        { key: 'elevator', label: t('fleet.info.elevator'), children: orDash(device.elevatorId) },
        { key: 'protocol', label: t('fleet.info.protocol'), children: device.protocolVersion },
      ],
    },
    {
      title: t('fleet.info.versions'),
      items: [
        { key: 'firmware', label: t('fleet.info.firmware'), children: orDash(device.firmwareVersion) },
        { key: 'software', label: t('fleet.info.software'), children: orDash(device.softVersion) },
        { key: 'pad', label: t('fleet.info.pad'), children: orDash(device.padVersion) },
        { key: 'disk', label: t('fleet.info.hardDisk'), children: orDash(device.hardDiskInfo) },
      ],
    },
  ];
  return (
    <Card size="small" title={t('fleet.info.details')} data-testid="device-details">
      {groups.map((group) => (
        <Descriptions
          key={group.title}
          title={group.title}
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={group.items}
          style={{ marginBlockEnd: 16 }}
        />
      ))}
    </Card>
  );
}
