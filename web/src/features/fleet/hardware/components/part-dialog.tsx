import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../api/parts';
import type { Part } from '../../api/parts';
import { useInsertPart } from '../../api/parts';
import { useUpdatePart } from '../../api/parts';
import { FormModal } from '@/components/form-modal';
import { RequiredTextField } from '../../components/form-fields';
import { choose, maxChars } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

type PartValues = BodyOf<'/api/deviceHardSupport/insert'>;

interface PartDialogProps {
  part: Part | null;
  categories: readonly Category[];
  defaultCategory?: number;
  onClose: () => void;
}

/** Add or edit an accessory: name and category required; name and version unique within the category. */
export function PartDialog({ part, categories, defaultCategory, onClose }: PartDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PartValues>();
  const insert = useInsertPart();
  const update = useUpdatePart();

  const save = async (values: PartValues) => {
    if (part) await update.mutateAsync({ id: part.id, ...values });
    else await insert.mutateAsync(values);
  };

  return (
    <FormModal
      title={part ? t('fleet.hardware.editPart') : t('fleet.hardware.addPart')}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      form={form}
      savedText={part ? t('fleet.common.saved') : t('fleet.common.created')}
      initialValues={{
        name: part?.name ?? '',
        cateId: part?.cateId ?? defaultCategory,
        version: part?.version ?? '',
        hardSupportText: part?.hardSupportText ?? '',
      }}
    >
      <RequiredTextField name="name" label={t('fleet.hardware.partName')} />
      <Form.Item name="cateId" label={t('fleet.hardware.category')} rules={[choose(t, t('fleet.hardware.category'))]}>
        <Select options={categories.map((c) => ({ value: c.cateId, label: c.cateName }))} />
      </Form.Item>
      <Form.Item name="version" label={t('fleet.hardware.version')} rules={[maxChars(t, 64)]}>
        <Input count={{ show: true, max: 64 }} />
      </Form.Item>
      <Form.Item
        name="hardSupportText"
        label={t('fleet.hardware.description')}
        rules={[maxChars(t, 255)]}
      >
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </FormModal>
  );
}
