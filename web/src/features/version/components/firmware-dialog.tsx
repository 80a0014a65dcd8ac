import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Switch, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypes } from '@/api/device/device-types';
import { FormModal } from '@/components/form-modal';
import { useInsertFirmware, useUpdateFirmware, type Firmware, type FirmwareUpload } from '../api/firmware';
import { enter } from '@/lib/form-rules';

/** Add a firmware with its package (uploaded, its SHA-256 computed by the server and checked against one typed), or
 * edit one's name, version, description and device types. */
export function FirmwareDialog({ firmware, onClose }: { firmware: Firmware | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FirmwareUpload>();
  const [file, setFile] = useState<File | undefined>();
  const [targets, setTargets] = useState<File | undefined>();
  const [sbom, setSbom] = useState<File | undefined>();
  const insert = useInsertFirmware();
  const update = useUpdateFirmware();
  const types = useDeviceTypes();
  const typeOptions = (types.data ?? []).map((type) => ({ value: type.typeId, label: type.typeName }));
  const save = (values: FirmwareUpload) =>
    firmware
      ? update.mutateAsync({ id: firmware.id, name: values.name, version: values.version, description: values.description ?? '', deviceTypes: values.deviceTypes ?? [], allowUnsigned: Boolean(values.allowUnsigned) })
      : insert.mutateAsync({ ...values, file, targets, sbom });
  return (
    <FormModal<FirmwareUpload>
      title={firmware ? t('version.editTitle', { name: firmware.name }) : t('version.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      savedText={firmware ? t('version.saved') : t('version.created')}
      testId="firmware-form"
      initialValues={firmware ? { ...firmware } : { enabled: true, deviceTypes: [], allowUnsigned: false }}
      okText={insert.isPending ? t('version.uploading') : undefined}
    >
      <Form.Item name="name" label={t('version.fields.name')} rules={[enter(t, t('version.fields.name'))]}>
        <Input maxLength={64} data-testid="firmware-name" />
      </Form.Item>
      <Form.Item name="version" label={t('version.fields.version')} rules={[enter(t, t('version.fields.version'))]}>
        <Input maxLength={64} placeholder="FW-3.5.0" data-testid="firmware-version" />
      </Form.Item>
      <Form.Item name="description" label={t('version.fields.description')}>
        <Input.TextArea maxLength={1024} rows={2} />
      </Form.Item>
      <Form.Item name="deviceTypes" label={t('version.fields.deviceTypes')} extra={t('version.allTypes')}>
        <Select<number[]> mode="multiple" allowClear options={typeOptions} loading={types.isPending} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="allowUnsigned" label={t('version.signature.allowUnsigned')} extra={t('version.signature.allowUnsignedHelp')} valuePropName="checked">
        <Switch data-testid="firmware-allow-unsigned" />
      </Form.Item>
      {firmware ? null : (
        <>
          <Form.Item name="file" label={t('version.fields.file')} rules={[{ validator: () => (file ? Promise.resolve() : Promise.reject(new Error(t('version.rules.file')))) }]}>
            <Upload
              maxCount={1}
              beforeUpload={(chosen) => {
                setFile(chosen);
                void form.validateFields(['file']).catch(() => undefined);
                return false;
              }}
              onRemove={() => setFile(undefined)}
              fileList={file ? [{ uid: 'package', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid="firmware-file">
                {t('version.fields.chooseFile')}
              </Button>
            </Upload>
          </Form.Item>
          <Form.Item name="targets" label={t('version.signature.targets')} extra={t('version.signature.targetsHelp')}>
            <Upload
              maxCount={1}
              accept=".json,application/json"
              beforeUpload={(chosen) => {
                setTargets(chosen);
                return false;
              }}
              onRemove={() => setTargets(undefined)}
              fileList={targets ? [{ uid: 'targets', name: targets.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid="firmware-targets">
                {t('version.signature.chooseTargets')}
              </Button>
            </Upload>
          </Form.Item>
          <Form.Item name="sbom" label={t('version.signature.sbom')} extra={t('version.signature.sbomHelp')}>
            <Upload
              maxCount={1}
              accept=".json,application/json"
              beforeUpload={(chosen) => {
                setSbom(chosen);
                return false;
              }}
              onRemove={() => setSbom(undefined)}
              fileList={sbom ? [{ uid: 'sbom', name: sbom.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid="firmware-sbom">
                {t('version.signature.chooseSbom')}
              </Button>
            </Upload>
          </Form.Item>
          <Form.Item name="sha256" label={t('version.fields.sha256')}>
            <Input maxLength={64} placeholder="e3b0c442…" />
          </Form.Item>
          <Form.Item name="enabled" label={t('version.fields.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
