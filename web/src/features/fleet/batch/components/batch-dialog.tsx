import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Batch } from '../../api/batches';
import { useDeviceTypes } from '@/api/device/device-types';
import { usePartGroups } from '../../api/parts';
import { useInsertBatch } from '../../api/batches';
import { useUpdateBatch } from '../../api/batches';
import { partLabel } from './batch-parts';
import { RackRangeField } from './rack-range-input';
import { FormModal } from '@/components/form-modal';
import { RemarkField, RequiredTextField } from '../../components/form-fields';
import { choose } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

/** The add call's body, with the parts picked per category (sent as `hardSupportIds`). */
type BatchValues = Omit<BodyOf<'/api/deviceProductBatch/insert'>, 'hardSupportIds'> & { parts?: Record<string, number | undefined> };

/** Add a batch (with a part per category) or edit its name, model, rack range and remark. */
export function BatchDialog({ batch, onClose }: { batch: Batch | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchValues>();
  const types = useDeviceTypes();
  const groups = usePartGroups();
  const insert = useInsertBatch();
  const update = useUpdateBatch();

  const save = async (values: BatchValues) => {
    const fields = {
      batchName: values.batchName,
      deviceType: values.deviceType,
      rackRange: values.rackRange.trim(),
      remark: values.remark ?? '',
    };
    if (batch) {
      await update.mutateAsync({ batchId: batch.batchId, ...fields });
    } else {
      const hardSupportIds = Object.values(values.parts ?? {}).filter((id): id is number => typeof id === 'number');
      await insert.mutateAsync({ ...fields, hardSupportIds });
    }
  };

  return (
    <FormModal
      title={batch ? t('fleet.batch.edit') : t('fleet.batch.add')}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      width={560}
      form={form}
      savedText={batch ? t('fleet.common.saved') : t('fleet.common.created')}
      testId="batch-form"
      initialValues={{
        batchName: batch?.batchName ?? '',
        deviceType: batch?.deviceType,
        rackRange: batch?.rackRange ?? '',
        remark: batch?.remark ?? '',
      }}
    >
      <RequiredTextField name="batchName" label={t('fleet.batch.name')} />
      <Form.Item name="deviceType" label={t('fleet.common.deviceType')} rules={[choose(t, t('fleet.common.deviceType'))]}>
        <Select
          loading={types.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={(types.data ?? []).map((type) => ({ value: type.typeId, label: type.typeName }))}
        />
      </Form.Item>
      <RackRangeField />
      <RemarkField />
      {batch ? null : (
        <>
          <Typography.Title level={5}>{t('fleet.batch.partsOfBatch')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('fleet.batch.onePerCategory')}</Typography.Paragraph>
          {(groups.data ?? []).map((group) => (
            <Form.Item key={group.cateId} name={['parts', String(group.cateId)]} label={group.cateName}>
              <Select
                allowClear
                placeholder={t('fleet.batch.pickPart')}
                options={group.list.map((part) => ({ value: part.id, label: partLabel(part) }))}
              />
            </Form.Item>
          ))}
        </>
      )}
    </FormModal>
  );
}
