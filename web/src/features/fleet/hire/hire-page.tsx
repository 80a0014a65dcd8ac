import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HireFilter } from '../api/get-hires';
import { OwnerPicker } from '../components/owner-picker';
import { useCan } from '../components/use-can';
import { HireDialog } from './components/hire-dialog';
import { HireTable } from './components/hire-table';
import '../components/fleet.css';

type Filter = Omit<HireFilter, 'currentPage' | 'pageSize'>;

/** Leases: filters (serial number, customer, state, start dates, owner), new lease, end a lease. */
export default function HirePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [serial, setSerial] = useState('');
  const [customer, setCustomer] = useState('');
  const [state, setState] = useState<number>();
  const [userId, setUserId] = useState<number>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);

  const search = () => {
    setFilter({
      deviceSerialNumber: serial.trim() || undefined,
      customerName: customer.trim() || undefined,
      state,
      userId,
      startDate: range?.[0]?.startOf('day').toISOString(),
      endDate: range?.[1]?.endOf('day').toISOString(),
    });
    setPage(1);
  };
  const reset = () => {
    setSerial('');
    setCustomer('');
    setState(undefined);
    setUserId(undefined);
    setRange(null);
    setFilter({});
    setPage(1);
  };

  return (
    <div className="cf-fleet" data-testid="hire-page">
      <Card size="small">
        <div className="cf-fleet-toolbar">
          <Input
            allowClear
            placeholder={t('fleet.hire.filterSerial')}
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            onPressEnter={search}
            style={{ width: 180 }}
            data-testid="filter-serial"
          />
          <Input
            allowClear
            placeholder={t('fleet.hire.filterCustomer')}
            value={customer}
            onChange={(e) => setCustomer(e.target.value)}
            onPressEnter={search}
            style={{ width: 160 }}
          />
          <Select<number>
            allowClear
            style={{ minWidth: 130 }}
            placeholder={t('fleet.common.allStates')}
            value={state}
            onChange={(value) => setState(value ?? undefined)}
            options={[
              { value: 0, label: t('fleet.hire.states.active') },
              { value: 1, label: t('fleet.hire.states.ended') },
            ]}
            aria-label={t('fleet.common.state')}
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(value) => setRange(value as [Dayjs | null, Dayjs | null] | null)}
            placeholder={[t('fleet.common.startDate'), t('fleet.common.endDate')]}
          />
          <OwnerPicker value={userId} onChange={setUserId} />
          <Button type="primary" ghost icon={<SearchOutlined />} onClick={search}>
            {t('fleet.common.search')}
          </Button>
          <Button onClick={reset}>{t('fleet.common.reset')}</Button>
          <div className="cf-fleet-toolbar__end">
            {can('device/hire/add') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-hire">
                {t('fleet.hire.add')}
              </Button>
            ) : null}
          </div>
        </div>
      </Card>
      <Card size="small">
        <HireTable filter={filter} page={page} onPage={setPage} />
      </Card>
      {adding ? <HireDialog onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
