import { Select } from 'antd';
import { useElevatorOptions } from '@/api/elevator/get-elevator-options';

interface ElevatorPickerProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/**
 * A choice of the real elevators the user may see (name and building), searchable; cleared means
 * "rides no elevator". A form item's value (elevatorId).
 */
export function ElevatorPicker({ value, onChange, placeholder, 'data-testid': testId }: ElevatorPickerProps) {
  const options = useElevatorOptions();
  const items = (options.data ?? []).map((e) => ({
    value: e.elevatorId,
    label: e.buildingName ? `${e.elevatorName} · ${e.buildingName}` : e.elevatorName,
  }));
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isPending}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={items}
      placeholder={placeholder}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}
