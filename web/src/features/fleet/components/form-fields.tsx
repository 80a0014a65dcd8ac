import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { enter, maxChars } from '@/lib/form-rules';

/** A required text of at most `max` characters (a name): blank is refused with "Enter <label>.". */
export function RequiredTextField({ name, label, max = 64 }: { name: string; label: string; max?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[enter(t, label), maxChars(t, max)]}>
      <Input maxLength={max} />
    </Form.Item>
  );
}

/** The optional remark at the end of a fleet form (at most 255 characters). */
export function RemarkField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="remark" label={t('fleet.common.remark')} rules={[maxChars(t, 255)]}>
      <Input.TextArea rows={2} maxLength={255} />
    </Form.Item>
  );
}
