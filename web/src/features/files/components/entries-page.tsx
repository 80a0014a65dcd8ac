import { DeleteOutlined, DownloadOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, AutoComplete, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { validFields } from '@/lib/valid-fields';
import { useAddEntry, useCategories, useDeleteEntry, useEntries, type EntryKind, type FileEntry } from '../api/entries';
import { downloadStored, type Uploaded } from '../api/oss';
import { formatBytes, formatTime } from '@/lib/format';
import { UploadField } from './upload-field';
import { enter, maxChars } from '@/lib/form-rules';

const PAGE_SIZE = 20;
const PAGES: Record<EntryKind, string> = { file: 'file/file_list', knowledge: 'file/knowledge' };

/** Files or the knowledge base: search by name and category, add an uploaded file, download, delete. */
export function EntriesPage({ kind }: { kind: EntryKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const page = PAGES[kind];
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<{ name?: string; category?: string; currentPage: number }>({ currentPage: 1 });
  const [adding, setAdding] = useState(false);
  const entries = useEntries(kind, { ...filter, pageSize: PAGE_SIZE });
  const categories = useCategories(kind);
  const remove = useDeleteEntry(kind);
  const options = (categories.data ?? []).map((c) => ({ value: c.category, label: `${c.category} (${c.count})` }));

  const columns: ColumnsType<FileEntry> = [
    { title: t('files.common.name'), dataIndex: 'name', key: 'name', render: (name: string) => <strong>{name}</strong> },
    { title: t('files.entries.category'), dataIndex: 'category', key: 'category', render: (c: string) => <Tag>{c}</Tag> },
    { title: t('files.entries.detail'), dataIndex: 'detail', key: 'detail', ellipsis: true },
    { title: t('files.entries.file'), key: 'file', render: (_, e) => `${e.fileName} · ${formatBytes(e.size)}` },
    { title: t('files.common.time'), dataIndex: 'createTime', key: 'time', render: (time: string) => formatTime(time) },
    {
      title: t('files.common.actions'),
      key: 'actions',
      render: (_, e) => (
        <Space size={4}>
          <Button size="small" type="link" icon={<DownloadOutlined />} data-testid={`download-${e.name}`}
            onClick={() => void downloadStored(e.savePath, e.isPrivate).catch(() => undefined)}>
            {t('files.common.download')}
          </Button>
          {can(`${page}/delete`) ? (
            <Popconfirm title={t('files.entries.deleteConfirm', { name: e.name })} okButtonProps={{ danger: true }}
              okText={t('files.common.delete')}
              onConfirm={() => remove.mutateAsync({ id: e.id }).then(() => void message.success(t('files.common.deleted'))).catch(() => undefined)}>
              <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`delete-${e.name}`}>
                {t('files.common.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={t(kind === 'file' ? 'files.entries.fileTitle' : 'files.entries.knowledgeTitle')} data-testid={`${kind}-entries-page`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('files.entries.search')} value={text}
          onChange={(e) => setText(e.target.value)} onPressEnter={() => setFilter((f) => ({ ...f, name: text.trim() || undefined, currentPage: 1 }))}
          style={{ width: 220 }} />
        <Select allowClear placeholder={t('files.entries.allCategories')} aria-label={t('files.entries.allCategories')} options={options} style={{ width: 200 }}
          value={filter.category} onChange={(category?: string) => setFilter((f) => ({ ...f, category, currentPage: 1 }))} />
        <Button icon={<SearchOutlined />} onClick={() => setFilter((f) => ({ ...f, name: text.trim() || undefined, currentPage: 1 }))}>
          {t('files.common.search')}
        </Button>
        {can(`${page}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-entry">
            {t('files.common.add')}
          </Button>
        ) : null}
      </Space>
      <QueryState query={entries}>
        <Table<FileEntry> rowKey="id" columns={columns} dataSource={entries.data?.list ?? []} scroll={{ x: 'max-content' }}
          loading={entries.isFetching && !entries.isPending} locale={{ emptyText: t('files.entries.empty') }}
          pagination={{ current: filter.currentPage, pageSize: PAGE_SIZE, total: entries.data?.total ?? 0, showSizeChanger: false,
            onChange: (currentPage) => setFilter((f) => ({ ...f, currentPage })) }} />
      </QueryState>
      {adding ? <AddEntryDialog kind={kind} categories={options} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

function AddEntryDialog({ kind, categories, onClose }: { kind: EntryKind; categories: { value: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; category: string; detail?: string }>();
  const [file, setFile] = useState<Uploaded | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const add = useAddEntry(kind);

  const save = async () => {
    setMissingFile(!file); // said together with the other fields' reasons, not only once they are right
    const values = await validFields(form);
    if (!values || !file) return;
    try {
      await add.mutateAsync({ ...values, detail: values.detail ?? '', savePath: file.savePath, isPrivate: file.isPrivate });
      void message.success(t('files.common.saved'));
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };

  return (
    <Modal open title={t('files.entries.addTitle')} onCancel={onClose} onOk={() => void save()} okText={t('files.common.save')}
      cancelText={t('files.common.cancel')} confirmLoading={add.isPending} okButtonProps={{ 'data-testid': 'save-entry' } as ButtonProps}>
      <Form form={form} layout="vertical">
        <Form.Item label={t('files.entries.file')} required validateStatus={missingFile ? 'error' : undefined}
          help={missingFile ? t('files.upload.required') : undefined}>
          <UploadField folder={kind} onUploaded={(uploaded) => {
            setFile(uploaded);
            setMissingFile(false);
            if (!form.getFieldValue('name')) form.setFieldValue('name', uploaded.name.replace(/\.[^.]+$/, ''));
          }} />
        </Form.Item>
        <Form.Item name="name" label={t('files.common.name')} rules={[enter(t, t('files.common.name')), maxChars(t, 128)]}>
          <Input data-testid="entry-name" />
        </Form.Item>
        <Form.Item name="category" label={t('files.entries.category')} rules={[enter(t, t('files.entries.category')), maxChars(t, 64)]}>
          <AutoComplete options={categories} data-testid="entry-category" filterOption />
        </Form.Item>
        <Form.Item name="detail" label={t('files.entries.detail')} rules={[maxChars(t, 1000)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
