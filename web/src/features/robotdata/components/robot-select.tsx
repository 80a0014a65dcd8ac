import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllDevices } from '@/api/device/devices';
import type { Robot } from '../api/robotdata';

interface RobotSelectProps {
  value: number | null;
  onChange: (deviceId: number | null, robot?: Robot) => void;
  allowClear?: boolean;
  testId?: string;
}

/** One of the caller's robots (online ones marked), by name or serial number. */
export function RobotSelect({ value, onChange, allowClear = false, testId = 'robotdata-robot' }: RobotSelectProps) {
  const { t } = useTranslation();
  const robots = useAllDevices();
  const list = robots.data ?? [];
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      style={{ minWidth: 280 }}
      placeholder={t('robotdata.common.chooseRobot')}
      aria-label={t('robotdata.common.chooseRobot')}
      loading={robots.isLoading}
      value={value ?? undefined}
      data-testid={testId}
      onChange={(next) => onChange(next ?? null, list.find((r) => r.deviceId === next))}
      options={list.map((r) => ({
        value: r.deviceId,
        label: `${r.deviceCode} · ${r.deviceSerialNumber}`,
        'data-testid': `robotdata-robot-${r.deviceSerialNumber}`,
      }))}
    />
  );
}
