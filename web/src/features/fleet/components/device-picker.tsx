import { Select, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchDevices, type FoundDevice } from '../api/search-devices';
import { useDebounced } from './use-debounced';

export interface PickedDevice {
  deviceId: number;
  deviceSerialNumber: string;
  deviceCode: string;
}

interface DevicePickerProps {
  value?: number;
  onChange?: (deviceId: number | undefined, device?: PickedDevice) => void;
  /** Shown for the current value before a search has found it. */
  initial?: PickedDevice;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  allowClear?: boolean;
}

export function deviceLabel(device: Pick<PickedDevice, 'deviceCode' | 'deviceSerialNumber'>): string {
  return `${device.deviceCode} · ${device.deviceSerialNumber}`;
}

function DeviceOptionRow({ label, online }: { label: ReactNode; online?: number }) {
  const { t } = useTranslation();
  return (
    <span className="cf-fleet-device-option">
      <span>{label}</span>
      {online === undefined ? null : (
        <Tag color={online ? 'success' : 'default'}>{online ? t('fleet.common.online') : t('fleet.common.offline')}</Tag>
      )}
    </span>
  );
}

const renderDeviceOption = (option: { label?: ReactNode; data: Record<string, unknown> }) => (
  <DeviceOptionRow label={option.label} online={typeof option.data.online === 'number' ? option.data.online : undefined} />
);

/** A device of the caller's subtree, found by typing part of its name or serial number. */
export function DevicePicker({ value, onChange, initial, placeholder, style, id, allowClear = true }: DevicePickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const found = useSearchDevices({ deviceCode: search || undefined, pageSize: 20, currentPage: 1 });
  const devices: FoundDevice[] = found.data?.list ?? [];
  const options = devices.map((d) => ({
    value: d.deviceId,
    label: deviceLabel(d),
    device: d,
  }));
  if (initial && value === initial.deviceId && !options.some((o) => o.value === initial.deviceId)) {
    options.unshift({ value: initial.deviceId, label: deviceLabel(initial), device: initial as FoundDevice });
  }
  return (
    <Select<number>
      id={id}
      data-testid="device-picker"
      style={{ minWidth: 260, ...style }}
      value={value}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('fleet.common.pickDevice')}
      loading={found.isFetching}
      notFoundContent={found.isPending ? t('fleet.common.searching') : t('fleet.common.noDeviceFound')}
      onChange={(next) => {
        const picked = options.find((o) => o.value === next)?.device;
        onChange?.(next ?? undefined, picked);
      }}
      options={options.map((o) => ({
        value: o.value,
        label: o.label,
        online: 'online' in o.device ? o.device.online : undefined,
        'data-testid': `device-option-${o.device.deviceSerialNumber}`,
      }))}
      optionRender={renderDeviceOption}
    />
  );
}
