import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RepairFilter } from '../api/repairs';
import { RecordFilters, textFilter } from '../components/record-filters';
import { useCan } from '@/lib/use-can';
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
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [pruning, setPruning] = useState(false);

  return (
    <div className="cf-fleet" data-testid="repair-page">
      <Card size="small">
        <RecordFilters
          list="/repair/list"
          onSearch={(common, values) => {
            setFilter({
              ...common,
              type: textFilter(values.type),
              state: typeof values.state === 'number' ? values.state : undefined,
            });
            setPage(1);
          }}
          actions={
            <>
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
            </>
          }
        >
          <Form.Item name="type" noStyle>
            <Input allowClear placeholder={t('fleet.repair.filterType')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="state" noStyle>
            <Select<number>
              allowClear
              style={{ minWidth: 140 }}
              placeholder={t('fleet.common.allStates')}
              options={REPAIR_STATES.map((s) => ({ value: s, label: t(`fleet.repair.states.${REPAIR_STATE_NAMES[s]}`) }))}
              aria-label={t('fleet.common.state')}
            />
          </Form.Item>
        </RecordFilters>
      </Card>
      <Card size="small">
        <RepairTable filter={filter} page={page} onPage={setPage} />
      </Card>
      {adding ? <RepairDialog repair={null} onClose={() => setAdding(false)} /> : null}
      {pruning ? <DeleteBeforeDialog onClose={() => setPruning(false)} /> : null}
    </div>
  );
}
