import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormModalProps {
  title: ReactNode;
  /** Validates and saves; a rejection (form errors, a refused call) keeps the dialog open. */
  onSave: () => Promise<void>;
  onClose: () => void;
  saving: boolean;
  okText?: string;
  width?: number;
  children: ReactNode;
}

/** The dialog around every fleet form: save and cancel, busy while saving, fresh each time it opens. */
export function FormModal({ title, onSave, onClose, saving, okText, width, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      onOk={() => void onSave().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={saving}
      okText={okText ?? t('fleet.common.save')}
      cancelText={t('fleet.common.cancel')}
      destroyOnHidden
      width={width}
    >
      {children}
    </Modal>
  );
}
