import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useElevatorOptions } from '@/api/elevator/elevators';

interface ElevatorPickerProps {
  /** Given by a form item: its label then names the picker's input (issue 30). */
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  'data-testid'?: string;
}

/**
 * A choice of the real elevators the user may see (name and building), searchable; cleared means
 * "rides no elevator". A form item's value (elevatorId). A robot bound to an elevator the user cannot see shows
 * "bound by another branch"; saving sends it back unchanged and the server keeps it.
 */
export function ElevatorPicker({ id, value, onChange, placeholder, 'data-testid': testId }: ElevatorPickerProps) {
  const { t } = useTranslation();
  const options = useElevatorOptions();
  const items: { value: number; label: string; disabled?: boolean }[] = (options.data ?? []).map((e) => ({
    value: e.elevatorId,
    label: e.buildingName ? `${e.elevatorName} · ${e.buildingName}` : e.elevatorName,
  }));
  // An elevator the user cannot see (an admin bound it): named as such, kept as it is on save (issue 29 item 5).
  if (value != null && options.data && !items.some((item) => item.value === value)) {
    items.unshift({ value, label: t('common.elevatorOtherBranch'), disabled: true });
  }
  return (
    <Select<number>
      id={id}
      aria-label={id ? undefined : placeholder}
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
