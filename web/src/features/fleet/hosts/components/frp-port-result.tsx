import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface GrantedPort {
  frpHost: string;
  frpPort: number;
}

/** The port just handed out, large and copyable. */
export function FrpPortResult({ granted, onClose }: { granted: GrantedPort; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('fleet.hosts.generateTitle')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('fleet.common.close')}
      destroyOnHidden
    >
      <div data-testid="frp-port-result">
        <Typography.Text type="secondary">{t('fleet.hosts.generatedLabel')}</Typography.Text>
        <div>
          <Typography.Text className="cf-fleet-port" copyable={{ text: String(granted.frpPort) }} data-testid="frp-port">
            {granted.frpPort}
          </Typography.Text>
        </div>
        <Typography.Paragraph>{t('fleet.hosts.generated', { port: granted.frpPort, host: granted.frpHost })}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
