import { Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Firmware } from '../api/firmware';
import { shortKey, signatureState } from '../lib/signature';

/** Who signed a firmware and when (the publisher's name and targets key ids, issue 47), or that it is unsigned:
 * allowed for older robots (the switch), or not publishable. */
export function SignatureCell({ firmware }: { firmware: Firmware }) {
  const { t } = useTranslation();
  const state = signatureState(firmware);
  if (state === 'signed') {
    const key = firmware.signedKeys.map(shortKey).join(', ');
    return (
      <div data-testid={`signature-${firmware.name}`}>
        <Tooltip title={firmware.targetPath}>
          <Tag color="success">{t('version.signature.signed', { who: firmware.signedBy || key })}</Tag>
        </Tooltip>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('version.signature.signedAt', { time: dayjs(firmware.signedAt).format('YYYY-MM-DD HH:mm'), key })}
          </Typography.Text>
        </div>
      </div>
    );
  }
  return (
    <Tag color={state === 'unsignedAllowed' ? 'warning' : 'error'} data-testid={`signature-${firmware.name}`}>
      {t(state === 'unsignedAllowed' ? 'version.signature.unsignedAllowed' : 'version.signature.unsigned')}
    </Tag>
  );
}
