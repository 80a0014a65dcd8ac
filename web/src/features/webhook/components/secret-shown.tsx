import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookWithSecret } from '../api/webhooks';

/** A subscription's signing secret, shown this once (after creating or rotating), with a copy button. */
export function SecretShown({ made, onClose }: { made: WebhookWithSecret; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('webhook.secret.title', { name: made.name })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('webhook.secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('webhook.secret.warning')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        code
        className="cf-webhook-secret"
        copyable={{ text: made.secret, tooltips: [t('webhook.secret.copy'), t('webhook.secret.copied')], icon: <CopyOutlined /> }}
        data-testid="webhook-secret"
      >
        {made.secret}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('webhook.secret.how')}</Typography.Paragraph>
    </Modal>
  );
}
