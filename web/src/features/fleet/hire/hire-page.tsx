import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HireFilter } from '../api/hires';
import { RecordFilters, textFilter } from '../components/record-filters';
import { useCan } from '@/lib/use-can';
import { HireDialog } from './components/hire-dialog';
import { HireTable } from './components/hire-table';
import '../components/fleet.css';

type Filter = Omit<HireFilter, 'currentPage' | 'pageSize'>;

/** Leases: filters (serial number, customer, state, start dates, owner), new lease, end a lease. */
export default function HirePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);

  return (
    <div className="cf-fleet" data-testid="hire-page">
      <Card size="small">
        <RecordFilters
          list="/hire/list"
          onSearch={(common, values) => {
            setFilter({
              ...common,
              customerName: textFilter(values.customer),
              state: typeof values.state === 'number' ? values.state : undefined,
            });
            setPage(1);
          }}
          actions={
            can('device/hire/add') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-hire">
                {t('fleet.hire.add')}
              </Button>
            ) : null
          }
        >
          <Form.Item name="customer" noStyle>
            <Input allowClear placeholder={t('fleet.hire.filterCustomer')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="state" noStyle>
            <Select<number>
              allowClear
              style={{ minWidth: 130 }}
              placeholder={t('fleet.common.allStates')}
              options={[
                { value: 0, label: t('fleet.hire.states.active') },
                { value: 1, label: t('fleet.hire.states.ended') },
              ]}
              aria-label={t('fleet.common.state')}
            />
          </Form.Item>
        </RecordFilters>
      </Card>
      <Card size="small">
        <HireTable filter={filter} page={page} onPage={setPage} />
      </Card>
      {adding ? <HireDialog onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
