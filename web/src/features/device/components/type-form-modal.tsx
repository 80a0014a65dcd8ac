import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Form, Input, Modal, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInsertDeviceType } from '../api/device-types';
import type { DeviceType } from '@/api/device/types';
import { useUpdateDeviceType } from '../api/device-types';
import { useUploadTypeImage } from '../api/device-types';
import { useFormRules, validationMessage } from '../lib/form-rules';
import { checkImage, IMAGE_TYPES } from '../lib/validators';
import { onRefusal } from '@/components/form-refusal';
import type { BodyOf } from '@/api/types';

/** The form's values: the type's fields of /device/insertDeviceType (its picture is uploaded apart). */
type Values = Omit<BodyOf<'/api/device/insertDeviceType'>, 'typeUrl'>;

/** Add or edit a device type: name (required), description and an image (one file, at most 2 MB). */
export function TypeFormModal({ type, onClose }: { type: DeviceType | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const [imageUrl, setImageUrl] = useState(type?.typeUrl ?? '');
  const upload = useUploadTypeImage();
  const insert = useInsertDeviceType();
  const update = useUpdateDeviceType();

  const pick = async (file: File) => {
    const problem = checkImage(file);
    if (problem) {
      void message.error(validationMessage(t, problem));
      return;
    }
    const answer = await upload.mutateAsync(file);
    setImageUrl(answer.typeUrl);
  };

  const submit = async () => {
    const values = await form.validateFields();
    const body = { typeName: values.typeName.trim(), description: values.description?.trim() ?? '', typeUrl: imageUrl };
    if (type) await update.mutateAsync({ typeId: type.typeId, ...body });
    else await insert.mutateAsync(body);
    void message.success(t('device.types.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={type ? t('device.types.editTitle', { name: type.typeName }) : t('device.types.addTitle')}
      okText={t('device.common.save')}
      cancelText={t('device.common.cancel')}
      onOk={() => void submit().catch(onRefusal(form))}
      onCancel={onClose}
      confirmLoading={insert.isPending || update.isPending}
      okButtonProps={{ disabled: upload.isPending }}
      data-testid="type-form"
    >
      <Form form={form} layout="vertical" initialValues={{ typeName: type?.typeName ?? '', description: type?.description ?? '' }}>
        <Form.Item name="typeName" label={t('device.types.name')} required rules={[rules.name(t('device.types.name'))]}>
          <Input count={{ show: true, max: 64 }} data-testid="type-name" />
        </Form.Item>
        <Form.Item name="description" label={t('device.types.description')}>
          <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label={t('device.types.image')} extra={t('device.types.imageHint')}>
          <Space align="center" size={16}>
            <Avatar shape="square" size={64} src={imageUrl || undefined} icon={<PictureOutlined />} />
            <Upload
              accept={IMAGE_TYPES.join(',')}
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void pick(file).catch(() => undefined);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {t('device.types.upload')}
              </Button>
            </Upload>
            {imageUrl ? (
              <Button color="danger" variant="link" onClick={() => setImageUrl('')}>
                {t('device.types.removeImage')}
              </Button>
            ) : null}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
