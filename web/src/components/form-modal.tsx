import { App, Col, Form, Modal, Row } from 'antd';
import type { FormInstance } from 'antd';
import { Children, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showOnField, type ServerFieldMap } from './form-refusal';

interface FormModalProps<V> {
  title: ReactNode;
  form: FormInstance<V>;
  /** Saves the validated values; a rejection (a refused call) keeps the dialog open. */
  onSave: (values: V) => Promise<unknown>;
  onClose: () => void;
  saving: boolean;
  /** Shown as a success message once saved ("Saved.", "Created."). */
  savedText?: string;
  okText?: string;
  width?: number;
  /** The form's data-testid. */
  testId?: string;
  initialValues?: Partial<V>;
  /** Enter in a field saves too (a one-field dialog). */
  submitOnEnter?: boolean;
  /** Request field names the form names differently (`{ deviceSerialNumber: 'serial' }`), for refusals. */
  serverFields?: ServerFieldMap;
  children: ReactNode;
}

/**
 * The dialog around a form: a vertical form, save and cancel, busy while saving, fresh each time
 * it opens. Save validates (errors stay on their fields), saves, says so and closes. A refusal about
 * one of its fields shows under that field instead of as a toast (`showOnField`).
 */
export function FormModal<V extends object>({ title, form, onSave, onClose, saving, savedText, okText, width, testId, initialValues, submitOnEnter = false, serverFields, children }: FormModalProps<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = async () => {
    const values = await form.validateFields();
    try {
      await onSave(values);
    } catch (error) {
      showOnField(form, error, serverFields);
      throw error;
    }
    if (savedText) void message.success(savedText);
    onClose();
  };
  const saveQuietly = () => void save().catch(() => undefined);
  return (
    <Modal
      open
      title={title}
      onOk={saveQuietly}
      onCancel={onClose}
      confirmLoading={saving}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={width}
    >
      <Form<V> form={form} layout="vertical" data-testid={testId} initialValues={initialValues} onFinish={submitOnEnter ? saveQuietly : undefined}>
        {children}
      </Form>
    </Modal>
  );
}

/** Form fields side by side on a wide dialog (two or three columns), one under another on a narrow one. */
export function FormColumns({ children }: { children: ReactNode }) {
  const fields = Children.toArray(children);
  const span = 24 / Math.max(fields.length, 1);
  return (
    <Row gutter={16}>
      {fields.map((field, index) => (
        <Col key={index} xs={24} sm={span}>
          {field}
        </Col>
      ))}
    </Row>
  );
}
