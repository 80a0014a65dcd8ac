import { DatePicker, Typography } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { useTranslation } from 'react-i18next';
import { outsideLimit, rangeLimit, type RangedList } from '@/lib/range-limits';

/** The list's longest range as a line the user reads before choosing ("At most 7 days, up to today"). */
export function RangeLimit({ list }: { list: RangedList }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="range-limit">
      {t('common.rangeLimit', { count: rangeLimit(list) })}
    </Typography.Text>
  );
}

/**
 * A range picker for a list that filters by a start and an end (backend/cleanfleet/core/ranges.py): it offers no
 * day after today nor a range longer than the list's limit, and says the limit beside it, so the limit is read,
 * not discovered by a refusal.
 */
export function LimitedRangePicker({ list, ...props }: { list: RangedList } & Omit<RangePickerProps, 'disabledDate'>) {
  const days = rangeLimit(list);
  return (
    <>
      <DatePicker.RangePicker {...props} disabledDate={(day, info) => outsideLimit(day, days, info?.from)} />
      <RangeLimit list={list} />
    </>
  );
}
