import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedRangePicker } from '@/components/limited-range-picker';
import { OwnerFilter } from '@/components/owner-picker';

/** The filters every record list has: serial number text, a date range and an owner. */
export interface CommonFilter {
  deviceSerialNumber?: string;
  userId?: number;
  startDate?: string;
  endDate?: string;
}

type Values = Record<string, unknown> & {
  serial?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  userId?: number;
};

interface RecordFiltersProps {
  /** The list's own filters, as `Form.Item`s (with `noStyle`) between the serial number and the dates. */
  children?: ReactNode;
  /** Called on Search or Enter with the common filters and every field's value (own filters by name). */
  onSearch: (common: CommonFilter, values: Record<string, unknown>) => void;
  /** Buttons at the end of the bar (add, delete before a date...). */
  actions?: ReactNode;
  /** The list the dates filter: its longest range is shown and no day after today is offered (core/ranges.py). */
  list: '/hire/list' | '/repair/list';
}

/** A list's filter bar: Search (or Enter in any field) applies, Reset clears every field and applies. */
export function RecordFilters({ children, onSearch, actions, list }: RecordFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  const apply = () => {
    const values = form.getFieldsValue();
    onSearch(
      {
        deviceSerialNumber: values.serial?.trim() || undefined,
        userId: values.userId ?? undefined,
        startDate: values.range?.[0]?.startOf('day').toISOString(),
        endDate: values.range?.[1]?.endOf('day').toISOString(),
      },
      values,
    );
  };

  return (
    <Form<Values> form={form} name="recordFilters" onFinish={apply}>
      <div className="cf-fleet-toolbar">
        <Form.Item name="serial" noStyle>
          <Input allowClear placeholder={t('fleet.common.serialNumber')} style={{ width: 180 }} data-testid="filter-serial" />
        </Form.Item>
        {children}
        <Form.Item name="range" noStyle>
          <LimitedRangePicker list={list} placeholder={[t('fleet.common.startDate'), t('fleet.common.endDate')]} />
        </Form.Item>
        <Form.Item name="userId" noStyle>
          <OwnerFilter />
        </Form.Item>
        <Button type="primary" ghost icon={<SearchOutlined />} htmlType="submit">
          {t('fleet.common.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            apply();
          }}
        >
          {t('fleet.common.reset')}
        </Button>
        {actions ? <div className="cf-fleet-toolbar__end">{actions}</div> : null}
      </div>
    </Form>
  );
}

/** A text filter's value, trimmed, or nothing. */
export function textFilter(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
