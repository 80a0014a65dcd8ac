import { DeleteOutlined, EditOutlined, PlusOutlined, RobotOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useDeleteElevator } from './api/elevators';
import { useElevators, type Elevator } from './api/elevators';
import { ElevatorDialog } from './components/elevator-dialog';
import { ElevatorRobots } from './components/elevator-robots';
import { providerName } from './components/providers';

const PAGE = 'elevator/index';
const PAGE_SIZE = 20;

/** Elevators (elevator/index): search, add, edit, delete with confirmation, and the robots bound to each. */
export default function ElevatorPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<{ elevatorName?: string; currentPage: number }>({ currentPage: 1 });
  const [editing, setEditing] = useState<Elevator | 'new' | null>(null);
  const [robotsOf, setRobotsOf] = useState<Elevator | null>(null);
  const elevators = useElevators({ ...filter, pageSize: PAGE_SIZE });
  const remove = useDeleteElevator();
  const search = () => setFilter({ elevatorName: text.trim() || undefined, currentPage: 1 });

  const columns: ColumnsType<Elevator> = [
    {
      title: t('elevator.fields.elevatorName'),
      key: 'name',
      render: (_, e) => (
        <div>
          <strong>{e.elevatorName}</strong>
          {e.code ? <Typography.Text type="secondary"> · {e.code}</Typography.Text> : null}
          <div>
            <Typography.Text type="secondary">{e.userName}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('elevator.sections.building'),
      key: 'building',
      render: (_, e) => (
        <div>
          <div>{e.buildingName || '—'}</div>
          {e.buildingAddress ? <Typography.Text type="secondary">{e.buildingAddress}</Typography.Text> : null}
          {e.position ? <div><Typography.Text type="secondary">{e.position}</Typography.Text></div> : null}
        </div>
      ),
    },
    {
      title: t('elevator.fields.contactName'),
      key: 'contact',
      render: (_, e) => (e.contactName || e.contactPhone ? `${e.contactName} ${e.contactPhone}`.trim() : '—'),
    },
    { title: t('elevator.fields.floors'), key: 'floors', render: (_, e) => `${e.floorMin} – ${e.floorMax}` },
    { title: t('elevator.fields.provider'), key: 'provider', render: (_, e) => <Tag>{providerName(e.provider, t('elevator.providers.other'))}</Tag> },
    {
      title: t('elevator.robots'),
      key: 'robots',
      render: (_, e) => (
        <Button size="small" icon={<RobotOutlined />} onClick={() => setRobotsOf(e)} data-testid={`elevator-robots-${e.elevatorName}`}>
          {e.deviceCount}
        </Button>
      ),
    },
  ];
  if (can(`${PAGE}/edit`) || can(`${PAGE}/delete`)) {
    columns.push({
      title: t('elevator.actions'),
      key: 'actions',
      render: (_, e) => (
        <Space size={4}>
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(e)} data-testid={`edit-elevator-${e.elevatorName}`}>
              {t('elevator.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <Popconfirm
              title={t('elevator.deleteConfirm', { name: e.elevatorName })}
              okButtonProps={{ danger: true }}
              okText={t('elevator.delete')}
              onConfirm={() =>
                remove
                  .mutateAsync({ elevatorId: e.elevatorId })
                  .then(() => void message.success(t('elevator.deleted')))
                  .catch(() => undefined)
              }
            >
              <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`delete-elevator-${e.elevatorName}`}>
                {t('elevator.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <Card size="small" title={t('elevator.title')} data-testid="elevator-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('elevator.search')} value={text} onChange={(e) => setText(e.target.value)} onPressEnter={search} style={{ width: 240 }} />
        <Button icon={<SearchOutlined />} onClick={search}>
          {t('elevator.searchButton')}
        </Button>
        {can(`${PAGE}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-elevator">
            {t('elevator.add')}
          </Button>
        ) : null}
      </Space>
      <QueryState query={elevators}>
        <Table<Elevator>
          rowKey="elevatorId"
          columns={columns}
          dataSource={elevators.data?.list ?? []}
          loading={elevators.isFetching && !elevators.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('elevator.empty') }}
          pagination={{
            current: filter.currentPage,
            pageSize: PAGE_SIZE,
            total: elevators.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (currentPage) => setFilter((f) => ({ ...f, currentPage })),
          }}
        />
      </QueryState>
      {editing ? <ElevatorDialog elevator={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {robotsOf ? <ElevatorRobots elevator={robotsOf} canEdit={can(`${PAGE}/edit`)} onClose={() => setRobotsOf(null)} /> : null}
    </Card>
  );
}
