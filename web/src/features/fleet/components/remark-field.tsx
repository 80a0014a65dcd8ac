import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxChars } from './form-rules';

/** The optional remark at the end of a fleet form (at most 255 characters). */
export function RemarkField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="remark" label={t('fleet.common.remark')} rules={[maxChars(t, 255)]}>
      <Input.TextArea rows={2} maxLength={255} />
    </Form.Item>
  );
}
