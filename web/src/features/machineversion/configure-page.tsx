import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useDeleteParameter, useParameters, type Parameter } from './api/machine-versions';
import { ParameterDialog } from './components/parameter-dialog';
import { formatTime } from '@/lib/format';

const PAGE = 'version/configure';

/** Configuration parameters (version/configure): keys and values; search by key, add, change, delete with
 * confirmation. */
export default function ConfigurePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [text, setText] = useState('');
  const [key, setKey] = useState('');
  const [editing, setEditing] = useState<Parameter | 'new' | null>(null);
  const parameters = useParameters(key);
  const remove = useDeleteParameter();

  const columns: ColumnsType<Parameter> = [
    { title: t('machineversion.configure.fields.key'), key: 'key', render: (_, p) => <Typography.Text code>{p.key}</Typography.Text> },
    {
      title: t('machineversion.configure.fields.value'),
      key: 'value',
      render: (_, p) => <Typography.Text style={{ maxWidth: 360 }} ellipsis={{ tooltip: p.value }}>{p.value || '—'}</Typography.Text>,
    },
    { title: t('machineversion.configure.fields.remark'), key: 'remark', render: (_, p) => p.remark || '—' },
    { title: t('machineversion.configure.fields.updateTime'), key: 'time', render: (_, p) => formatTime(p.updateTime) },
  ];
  if (can(`${PAGE}/edit`) || can(`${PAGE}/delete`)) {
    columns.push({
      title: t('machineversion.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, p) => (
        <Space size={4}>
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(p)}>
              {t('machineversion.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton
              confirm={t('machineversion.configure.deleteConfirm', { key: p.key })}
              onDelete={() => remove.mutateAsync({ id: p.id })}
              label={t('machineversion.delete')}
              successText={t('machineversion.configure.deleted')}
              testId={`delete-parameter-${p.key}`}
            />
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <Card size="small" title={t('machineversion.configure.title')} data-testid="configure-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('machineversion.configure.search')} value={text} onChange={(e) => setText(e.target.value)} onPressEnter={() => setKey(text.trim())} style={{ width: 220 }} />
        <Button icon={<SearchOutlined />} onClick={() => setKey(text.trim())}>
          {t('machineversion.searchButton')}
        </Button>
        {can(`${PAGE}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-parameter">
            {t('machineversion.configure.add')}
          </Button>
        ) : null}
      </Space>
      <QueryState query={parameters}>
        <Table<Parameter>
          rowKey="id"
          columns={columns}
          dataSource={parameters.data ?? []}
          loading={parameters.isFetching && !parameters.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('machineversion.configure.empty') }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </QueryState>
      {editing ? <ParameterDialog parameter={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
