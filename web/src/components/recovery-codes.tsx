import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './recovery-codes.css';

/**
 * Ten recovery codes shown once (issue 50 item 5), with copy and download: after an authenticator app or a first
 * passkey is set up, on the "Two factors" page and in the sign-in's enrolment step.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone?: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text + '\n'], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cleanfleet-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="cf-recovery" aria-labelledby="cf-recovery-title" data-testid="recovery-codes">
      <h2 id="cf-recovery-title" className="cf-recovery__title">
        {t('secondStep.recoveryTitle')}
      </h2>
      <p>{t('secondStep.recoveryHint')}</p>
      <ol className="cf-recovery__codes" dir="ltr">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('secondStep.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('secondStep.download')}
        </Button>
        {onDone && (
          <Button type="primary" onClick={onDone} data-testid="recovery-continue">
            {t('secondStep.continue')}
          </Button>
        )}
      </Space>
      {copied && (
        <output className="cf-recovery__copied">{t('secondStep.copied')}</output>
      )}
    </section>
  );
}
