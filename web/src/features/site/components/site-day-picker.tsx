import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { dayParam } from '@/lib/day-range';

interface SiteDayPickerProps {
  /** YYYY-MM-DD, or null: the site's today (the server's default). */
  value: string | null;
  onChange: (day: string | null) => void;
  picker?: 'date' | 'week' | 'month';
  placeholder: string;
  'data-testid'?: string;
}

/** A day of a site (or its week or month); cleared, the site's today on its own clock. */
export function SiteDayPicker({ value, onChange, picker = 'date', placeholder, 'data-testid': testId }: SiteDayPickerProps) {
  return (
    <DatePicker
      picker={picker}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange(day ? dayParam(picker === 'month' ? day.startOf('month') : day) : null)}
      placeholder={placeholder}
      aria-label={placeholder}
      allowClear
      data-testid={testId}
      style={{ minWidth: 200 }}
    />
  );
}
