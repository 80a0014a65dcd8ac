import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enter, maxChars } from '@/lib/form-rules';

interface NoteDialogProps {
  title: string;
  /** A line above the field (what the note is about). */
  hint?: string;
  label: string;
  okText: string;
  /** Required (a note on an incident) or optional (what was done by hand). */
  required: boolean;
  max: number;
  onSave: (note: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

/** A short text to queue with an action: a note on an incident, or what was done by hand. */
export function NoteDialog({ title, hint, label, okText, required, max, onSave, onClose, testId }: NoteDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const { note } = await form.validateFields();
    setSaving(true);
    try {
      await onSave((note ?? '').trim());
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={title} onOk={() => void save().catch(() => undefined)} onCancel={onClose} okText={okText} cancelText={t('common.cancel')} confirmLoading={saving} destroyOnHidden>
      {hint ? <Typography.Paragraph>{hint}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" data-testid={testId} initialValues={{ note: '' }}>
        <Form.Item name="note" label={label} rules={required ? [enter(t, label), maxChars(t, max)] : [maxChars(t, max)]}>
          <Input.TextArea rows={4} count={{ show: true, max }} data-testid={`${testId}-text`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
