import { DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Empty, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteDeviceType } from '../api/device-types';
import { useDeviceTypes } from '@/api/device/device-types';
import type { DeviceType } from '@/api/device/types';
import { TypeFormModal } from './type-form-modal';

/** Device type management (key device/index/type_admin): the models with their images. */
export function DeviceTypesModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const types = useDeviceTypes();
  const remove = useDeleteDeviceType();
  const [editing, setEditing] = useState<DeviceType | 'new' | null>(null);

  return (
    <Modal
      open
      width={780}
      title={t('device.types.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('device.common.close')}</Button>}
      data-testid="device-types-modal"
    >
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="type-add">
          {t('device.types.add')}
        </Button>
      </Space>
      <Table<DeviceType>
        rowKey="typeId"
        size="small"
        loading={types.isLoading}
        dataSource={types.data ?? []}
        pagination={false}
        scroll={{ y: 420 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.types.empty')} /> }}
        columns={[
          {
            key: 'image',
            title: t('device.types.image'),
            width: 80,
            render: (_, type) => <Avatar shape="square" size={40} src={type.typeUrl || undefined} icon={<PictureOutlined />} />,
          },
          { key: 'name', title: t('device.types.name'), dataIndex: 'typeName', width: 180, ellipsis: true },
          { key: 'description', title: t('device.types.description'), dataIndex: 'description', ellipsis: true },
          {
            key: 'actions',
            title: t('device.columns.actions'),
            width: 170,
            render: (_, type) => (
              <Space size={0}>
                <Button color="primary" variant="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(type)}>
                  {t('device.actions.edit')}
                </Button>
                <Popconfirm
                  title={t('device.types.deleteTitle', { name: type.typeName })}
                  description={t('device.types.deleteHint')}
                  okText={t('device.common.delete')}
                  cancelText={t('device.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove.mutateAsync(type.typeId).then(
                      () => void message.success(t('device.types.deleted')),
                      () => undefined,
                    )
                  }
                >
                  <Button color="danger" variant="link" size="small" icon={<DeleteOutlined />}>
                    {t('device.common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== null ? <TypeFormModal type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Modal>
  );
}
