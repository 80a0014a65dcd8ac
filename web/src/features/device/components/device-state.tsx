import { ApiOutlined, CodeOutlined, TabletOutlined, ThunderboltFilled } from '@ant-design/icons';
import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '../api/types';
import { batteryColor } from '../lib/device-display';

export function OnlineTags({ device }: { device: Device }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap={false}>
      <Tag color={device.online ? 'success' : 'default'} data-testid="device-online">
        <span className={`cf-devices__dot ${device.online ? 'cf-devices__dot--on' : ''}`} />
        {device.online ? t('device.state.online') : t('device.state.offline')}
      </Tag>
      {device.charging ? (
        <Tag color="gold" icon={<ThunderboltFilled />}>
          {t('device.state.charging')}
        </Tag>
      ) : null}
    </Space>
  );
}

export function BatteryBar({ battery }: { battery: number | null }) {
  if (battery === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Progress
      percent={battery}
      size="small"
      strokeColor={batteryColor(battery)}
      format={(p) => `${p}%`}
      className="cf-devices__bar"
    />
  );
}

export function TaskCell({ device }: { device: Device }) {
  const { t } = useTranslation();
  if (!device.job) return <Typography.Text type="secondary">{t('device.state.noTask')}</Typography.Text>;
  return (
    <div className="cf-devices__two-lines">
      <Typography.Text ellipsis={{ tooltip: device.job }}>{device.job}</Typography.Text>
      {device.progress !== null ? (
        <Progress percent={device.progress} size="small" format={(p) => `${p}%`} className="cf-devices__bar" />
      ) : null}
    </div>
  );
}

export function VersionTags({ device }: { device: Device }) {
  const { t } = useTranslation();
  const versions = [
    ['firmware', device.firmwareVersion, <ApiOutlined key="icon" />],
    ['software', device.softVersion, <CodeOutlined key="icon" />],
    ['pad', device.padVersion, <TabletOutlined key="icon" />],
  ] as const;
  return (
    <Space size={2} wrap={false}>
      {versions.map(([kind, version, icon]) =>
        version ? (
          <Tooltip key={kind} title={`${t(`device.state.${kind}`)}: ${version}`}>
            <Tag variant="filled" color="processing" icon={icon} aria-label={`${t(`device.state.${kind}`)}: ${version}`}>
              {version}
            </Tag>
          </Tooltip>
        ) : null,
      )}
    </Space>
  );
}
