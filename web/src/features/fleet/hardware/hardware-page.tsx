import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../api/parts';
import { useParts, type Part } from '../api/parts';
import { useDeletePart } from '../api/parts';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { orDash } from '../lib/format';
import { CategoryList } from './components/category-list';
import { PartDialog } from './components/part-dialog';
import '../components/fleet.css';
import { TableEmpty } from '../components/table-empty';
import { DeleteButton } from '@/components/delete-button';
import { actionsColumnWidth } from '@/lib/text-width';

const PAGE = 'device/hardSupportIndex';

/** Accessories (hardware parts) and their categories. */
export default function HardwarePage() {
  const { t } = useTranslation();
  const can = useCan();
  const [cateId, setCateId] = useState<number>();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<Part | 'new' | null>(null);
  const parts = useParts(cateId);
  const categories = useCategories();
  const remove = useDeletePart();

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const all = parts.data ?? [];
    return needle ? all.filter((p) => `${p.name} ${p.version}`.toLowerCase().includes(needle)) : all;
  }, [parts.data, text]);

  const columns: ColumnsType<Part> = [
    { title: t('fleet.hardware.partName'), dataIndex: 'name', key: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
    { title: t('fleet.hardware.category'), dataIndex: 'cateName', key: 'cateName', render: (name: string) => <Tag>{name}</Tag> },
    { title: t('fleet.hardware.version'), dataIndex: 'version', key: 'version', render: orDash },
    { title: t('fleet.hardware.description'), dataIndex: 'hardSupportText', key: 'text', ellipsis: true, render: orDash },
  ];
  if (can(`${PAGE}/edit`) || can(`${PAGE}/delete`)) {
    columns.push({
      title: t('fleet.common.actions'),
      key: 'actions',
      width: actionsColumnWidth([t('fleet.common.edit'), ''], 2, 120),
      render: (_, part) => (
        <Space size={4}>
          {can(`${PAGE}/edit`) ? (
            <Button size="small" color="primary" variant="link" icon={<EditOutlined />} onClick={() => setEditing(part)}>
              {t('fleet.common.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton confirm={t('fleet.common.confirmDelete', { name: part.name })} onDelete={() => remove.mutateAsync({ id: part.id })} />
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <div className="cf-fleet-split" data-testid="hardware-page">
      <CategoryList selected={cateId} onSelect={setCateId} />
      <Card
        size="small"
        title={t('fleet.hardware.parts')}
        extra={
          can(`${PAGE}/add`) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing('new')}
              disabled={(categories.data ?? []).length === 0}
              data-testid="add-part"
            >
              {t('fleet.hardware.addPart')}
            </Button>
          ) : null
        }
      >
        <div className="cf-fleet">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('fleet.hardware.filterName')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            style={{ maxWidth: 320 }}
          />
          <QueryState query={parts}>
            <Table<Part>
              size="middle"
              rowKey="id"
              columns={columns}
              dataSource={shown}
              loading={parts.isFetching && !parts.isPending}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: <TableEmpty text={t('fleet.hardware.noParts')} /> }}
            />
          </QueryState>
        </div>
      </Card>
      {editing ? (
        <PartDialog
          part={editing === 'new' ? null : editing}
          categories={categories.data ?? []}
          defaultCategory={cateId}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
