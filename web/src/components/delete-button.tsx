import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DeleteButtonProps {
  /** The question the confirmation asks. */
  confirm: string;
  onDelete: () => Promise<unknown>;
  /** Text on the button; without it the button is an icon with an accessible name. */
  label?: ReactNode;
  okText?: string;
  successText?: string;
  testId?: string;
  /** Shown but not usable (e.g. a published version that must be unpublished first). */
  disabled?: boolean;
}

/**
 * A row's destructive action behind a confirmation; on success a short toast (a refusal has already been
 * shown by the API client).
 */
export function DeleteButton({ confirm, onDelete, label, okText, successText, testId, disabled }: DeleteButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={confirm}
      okButtonProps={{ danger: true }}
      okText={okText ?? t('common.delete')}
      disabled={disabled}
      cancelText={t('common.cancel')}
      onConfirm={() =>
        onDelete()
          .then(() => void message.success(successText ?? t('common.deleted')))
          .catch(() => undefined)
      }
    >
      <Button
        size="small"
        color="danger"
        variant="link"
        icon={<DeleteOutlined />}
        aria-label={label ? undefined : t('common.delete')}
        data-testid={testId}
        disabled={disabled}
        onClick={(event) => event.stopPropagation()}
      >
        {label}
      </Button>
    </Popconfirm>
  );
}
