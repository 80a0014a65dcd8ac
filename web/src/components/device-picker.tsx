import { Select, Tag } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchDevices, type FoundDevice } from '@/api/device/devices';
import { useDebounced } from '@/lib/use-debounced';

export interface PickedDevice {
  deviceId: number;
  deviceSerialNumber: string;
  deviceCode: string;
}

type Value = number | number[] | undefined;

interface DevicePickerProps<V extends Value> {
  value?: V;
  /** The picked device(s); with one device, the device itself too (its name for a title, say). */
  onChange?: (value: V, device?: PickedDevice) => void;
  /** Pick several devices (value is then a list of ids). */
  multiple?: boolean;
  /** Shown for the current value before a search has found it. */
  initial?: PickedDevice;
  placeholder?: string;
  style?: CSSProperties;
  id?: string;
  allowClear?: boolean;
  /** The name a filter without a visible label gives it (its placeholder, as OwnerFilter does). */
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Devices shown per search: the first page of the device list's search by name or serial number. */
const FOUND_PER_SEARCH = 50;

export function deviceLabel(device: Pick<PickedDevice, 'deviceCode' | 'deviceSerialNumber'>): string {
  return `${device.deviceCode} · ${device.deviceSerialNumber}`;
}

const OPTION_ROW: CSSProperties = { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 };

function DeviceOptionRow({ label, online }: { label: ReactNode; online?: number }) {
  const { t } = useTranslation();
  return (
    <span style={OPTION_ROW}>
      <span>{label}</span>
      {online === undefined ? null : <Tag color={online ? 'success' : 'default'}>{online ? t('common.online') : t('common.offline')}</Tag>}
    </span>
  );
}

const renderDeviceOption = (option: { label?: ReactNode; data: Record<string, unknown> }) => (
  <DeviceOptionRow label={option.label} online={typeof option.data.online === 'number' ? option.data.online : undefined} />
);

/**
 * The one device picker of every screen (fleet, reports, ...): a device (or several) of the caller's
 * subtree, found by typing part of its name or serial number.
 */
export function DevicePicker<V extends Value = number | undefined>({
  value, onChange, multiple = false, initial, placeholder, style, id, allowClear = true, 'aria-label': ariaLabel, 'data-testid': testId = 'device-picker',
}: DevicePickerProps<V>) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const found = useSearchDevices({ deviceCode: search || undefined, pageSize: FOUND_PER_SEARCH, currentPage: 1 });
  const devices: (FoundDevice | PickedDevice)[] = [...(found.data?.list ?? [])];
  if (initial && value === initial.deviceId && !devices.some((d) => d.deviceId === initial.deviceId)) devices.unshift(initial);
  return (
    <Select<V>
      id={id}
      aria-label={ariaLabel}
      mode={multiple ? 'multiple' : undefined}
      data-testid={testId}
      style={{ minWidth: 260, ...style }}
      value={value}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('common.pickDevice')}
      loading={found.isFetching}
      notFoundContent={found.isPending ? t('common.searching') : t('common.noDeviceFound')}
      onChange={(next) => onChange?.(next, devices.find((d) => d.deviceId === next))}
      options={devices.map((d) => ({
        value: d.deviceId,
        label: deviceLabel(d),
        online: 'online' in d ? d.online : undefined,
        'data-testid': `device-option-${d.deviceSerialNumber}`,
      }))}
      optionRender={renderDeviceOption}
    />
  );
}
