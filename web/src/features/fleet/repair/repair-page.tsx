import { ClearOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RepairFilter } from '../api/get-repairs';
import { OwnerPicker } from '../components/owner-picker';
import { useCan } from '../components/use-can';
import { isFutureDay } from '../lib/date-range';
import { REPAIR_STATE_NAMES, REPAIR_STATES } from '../lib/repair-state';
import { DeleteBeforeDialog } from './components/delete-before-dialog';
import { RepairDialog } from './components/repair-dialog';
import { RepairTable } from './components/repair-table';
import '../components/fleet.css';

const PAGE = 'device/repair';
type Filter = Omit<RepairFilter, 'currentPage' | 'pageSize'>;

/** Repair records: filters, new record, the state flow, delete one or every record before a date. */
export default function RepairPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [serial, setSerial] = useState('');
  const [type, setType] = useState('');
  const [state, setState] = useState<number>();
  const [userId, setUserId] = useState<number>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [pruning, setPruning] = useState(false);

  const search = () => {
    setFilter({
      deviceSerialNumber: serial.trim() || undefined,
      type: type.trim() || undefined,
      state,
      userId,
      startDate: range?.[0]?.startOf('day').toISOString(),
      endDate: range?.[1]?.endOf('day').toISOString(),
    });
    setPage(1);
  };
  const reset = () => {
    setSerial('');
    setType('');
    setState(undefined);
    setUserId(undefined);
    setRange(null);
    setFilter({});
    setPage(1);
  };

  return (
    <div className="cf-fleet" data-testid="repair-page">
      <Card size="small">
        <div className="cf-fleet-toolbar">
          <Input
            allowClear
            placeholder={t('fleet.repair.filterSerial')}
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            onPressEnter={search}
            style={{ width: 180 }}
            data-testid="filter-serial"
          />
          <Input
            allowClear
            placeholder={t('fleet.repair.filterType')}
            value={type}
            onChange={(e) => setType(e.target.value)}
            onPressEnter={search}
            style={{ width: 150 }}
          />
          <Select<number>
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('fleet.common.allStates')}
            value={state}
            onChange={(value) => setState(value ?? undefined)}
            options={REPAIR_STATES.map((s) => ({ value: s, label: t(`fleet.repair.states.${REPAIR_STATE_NAMES[s]}`) }))}
            aria-label={t('fleet.common.state')}
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(value) => setRange(value as [Dayjs | null, Dayjs | null] | null)}
            disabledDate={(d) => isFutureDay(d)}
            placeholder={[t('fleet.common.startDate'), t('fleet.common.endDate')]}
          />
          <OwnerPicker value={userId} onChange={setUserId} />
          <Button type="primary" ghost icon={<SearchOutlined />} onClick={search}>
            {t('fleet.common.search')}
          </Button>
          <Button onClick={reset}>{t('fleet.common.reset')}</Button>
          <div className="cf-fleet-toolbar__end">
            {can(`${PAGE}/delete`) ? (
              <Button danger icon={<ClearOutlined />} onClick={() => setPruning(true)}>
                {t('fleet.repair.deleteBefore')}
              </Button>
            ) : null}
            {can(`${PAGE}/add`) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-repair">
                {t('fleet.repair.add')}
              </Button>
            ) : null}
          </div>
        </div>
      </Card>
      <Card size="small">
        <RepairTable filter={filter} page={page} onPage={setPage} />
      </Card>
      {adding ? <RepairDialog repair={null} onClose={() => setAdding(false)} /> : null}
      {pruning ? <DeleteBeforeDialog onClose={() => setPruning(false)} /> : null}
    </div>
  );
}
