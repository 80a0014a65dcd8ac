import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { post } from '@/api/client';

interface Props {
  value?: number[] | number;
  onChange?: (value: number[] | number | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  'data-testid'?: string;
}

/** The caller's devices by name or serial number (the device list's search, 50 at a time). */
export function DevicePicker({ value, onChange, multiple = false, placeholder, 'data-testid': testId }: Props) {
  const [text, setText] = useState('');
  const devices = useQuery({
    queryKey: ['taskReport', 'devicePicker', text],
    queryFn: ({ signal }) => post('/api/device/selectDevicePc', { pageSize: 50, currentPage: 1, isPc: 1, deviceCode: text || undefined }, { signal }),
  });
  const options = (devices.data?.list ?? []).map((d) => ({ value: d.deviceId, label: `${d.deviceCode} · ${d.deviceSerialNumber}` }));
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      value={value}
      onChange={onChange}
      options={options}
      loading={devices.isFetching}
      placeholder={placeholder}
      style={{ minWidth: 240 }}
      data-testid={testId}
    />
  );
}
