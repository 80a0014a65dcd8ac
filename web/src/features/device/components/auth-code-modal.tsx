import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGenerateAuthCode } from '../api/devices';
import { formatDuration } from '../lib/export-cells';
import { OwnerPicker } from '@/components/owner-picker';

/** api-spec.md 9: a one-time auth code is valid for 2 minutes. */
export const AUTH_CODE_SECONDS = 120;

interface Issued {
  code: string;
  issuedAt: number;
  expiresAt: number;
}

/** Seconds left until `expiresAt`, ticking every second; `now` starts when the code is issued. */
function useSecondsLeft(issued: Issued | null) {
  const [now, setNow] = useState(() => issued?.issuedAt ?? 0);
  useEffect(() => {
    if (issued === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [issued]);
  if (issued === null) return 0;
  const current = Math.max(now, issued.issuedAt);
  return Math.max(0, Math.ceil((issued.expiresAt - current) / 1000));
}

/** Generates a one-time code a new robot presents to register; shows it with a 2-minute countdown. */
export function AuthCodeModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [owner, setOwner] = useState<number | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const generate = useGenerateAuthCode();
  const secondsLeft = useSecondsLeft(issued);
  const expired = issued !== null && secondsLeft === 0;

  const run = async () => {
    const code = await generate.mutateAsync(owner);
    const issuedAt = Date.now();
    setIssued({ code, issuedAt, expiresAt: issuedAt + AUTH_CODE_SECONDS * 1000 });
  };

  return (
    <Modal
      open
      title={t('device.authCode.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('device.common.close')}</Button>}
      data-testid="auth-code-modal"
    >
      <Typography.Paragraph type="secondary">{t('device.authCode.hint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('device.authCode.owner')} extra={t('device.authCode.ownerHint')}>
          <OwnerPicker value={owner} onChange={setOwner} />
        </Form.Item>
      </Form>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Button type="primary" icon={<KeyOutlined />} loading={generate.isPending} onClick={() => void run().catch(() => undefined)} data-testid="auth-code-generate">
          {issued ? t('device.authCode.regenerate') : t('device.authCode.generate')}
        </Button>
        {issued ? (
          <div className="cf-devices__auth-code" data-testid="auth-code">
            <Typography.Text
              className="cf-devices__auth-code-value"
              copyable={expired ? false : { text: issued.code, tooltips: [t('device.authCode.copy'), t('device.authCode.copied')] }}
              delete={expired}
              data-testid="auth-code-value"
            >
              {issued.code}
            </Typography.Text>
            {expired ? (
              <Alert type="warning" showIcon title={t('device.authCode.expired')} />
            ) : (
              <>
                <Progress percent={(secondsLeft / AUTH_CODE_SECONDS) * 100} showInfo={false} size="small" />
                <Typography.Text type="secondary" data-testid="auth-code-countdown">
                  {t('device.authCode.validFor', { time: formatDuration(secondsLeft).slice(3) })}
                </Typography.Text>
              </>
            )}
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}
