import { DatePicker, Form, Segmented } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDateRange, isFutureDay, presetRange, REPORT_RANGES, type ReportRange } from '../../lib/date-range';

type Choice = ReportRange | 'custom';

interface RangeChooserProps {
  /** Called with a valid range only: a preset, or a custom range that passes the checks. */
  onChange: (range: [Dayjs, Dayjs]) => void;
  initial?: ReportRange;
}

/** The report ranges (last week, month, three months, year) or a custom range of up to 7 days. */
export function RangeChooser({ onChange, initial = 'month' }: RangeChooserProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(initial);
  const [custom, setCustom] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const error = choice === 'custom' && custom ? checkDateRange(custom[0], custom[1]) : null;

  const choose = (next: Choice) => {
    setChoice(next);
    if (next !== 'custom') onChange(presetRange(next));
  };

  const pick = (value: [Dayjs | null, Dayjs | null] | null) => {
    setCustom(value);
    const start = value?.[0] ?? null;
    const end = value?.[1] ?? null;
    if (start && end && checkDateRange(start, end) === null) onChange([start.startOf('day'), end.startOf('day')]);
  };

  return (
    <div className="cf-fleet-toolbar" data-testid="range-chooser">
      <Segmented<Choice>
        value={choice}
        onChange={choose}
        options={[
          ...REPORT_RANGES.map((range) => ({ value: range, label: t(`fleet.dates.${range}`) })),
          { value: 'custom' as const, label: t('fleet.dates.custom') },
        ]}
      />
      {choice === 'custom' ? (
        <Form.Item
          style={{ margin: 0 }}
          validateStatus={error ? 'error' : undefined}
          help={error ? t(`fleet.dates.${error}`) : undefined}
        >
          <DatePicker.RangePicker
            data-testid="custom-range"
            value={custom}
            onChange={(value) => pick(value as [Dayjs | null, Dayjs | null] | null)}
            allowEmpty={[false, false]}
            disabledDate={(day) => isFutureDay(day)}
            placeholder={[t('fleet.common.startDate'), t('fleet.common.endDate')]}
          />
        </Form.Item>
      ) : null}
    </div>
  );
}
