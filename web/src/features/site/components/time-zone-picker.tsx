import { Select } from 'antd';
import { useMemo } from 'react';
import { zoneChoices } from '../lib/time-zones';

interface TimeZonePickerProps {
  /** Given by the form item: its label names the picker (issue 30). */
  id?: string;
  value?: string;
  onChange?: (zone: string) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/** An IANA time zone, searchable by any part of its name ("Paris", "Asia/") or its offset ("+08:00"). */
export function TimeZonePicker({ id, value, onChange, placeholder, 'data-testid': testId }: TimeZonePickerProps) {
  const options = useMemo(() => {
    const all = zoneChoices();
    return value && !all.some((c) => c.value === value) ? [{ value, label: value }, ...all] : [...all];
  }, [value]);
  return (
    <Select<string>
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={(zone) => onChange?.(zone)}
      options={options}
      placeholder={placeholder}
      data-testid={testId}
      style={{ width: '100%' }}
      virtual
    />
  );
}
