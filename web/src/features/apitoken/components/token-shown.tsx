import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreatedToken } from '../api/tokens';

/** The new token, shown this once, with a copy button and the warning that it will not be shown again. */
export function TokenShown({ token, onClose }: { token: CreatedToken; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('apitoken.shown.title', { name: token.name })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="token-shown-done">
          {t('apitoken.shown.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('apitoken.shown.warning')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        code
        className="cf-token-secret"
        copyable={{ text: token.token, tooltips: [t('apitoken.shown.copy'), t('apitoken.shown.copied')], icon: <CopyOutlined /> }}
        data-testid="token-secret"
      >
        {token.token}
      </Typography.Paragraph>
    </Modal>
  );
}
