import { Button, Input, Space, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { RecoveryCodes } from '@/components/recovery-codes';
import { useRegenerateRecovery, useTotpConfirm, useTotpRemove, useTotpStart, type FactorStatus } from '../api/factors';
import { ConfirmDialog } from './confirm-dialog';

type Setup = { secret: string; qrSvg: string };

function TotpSetup({ setup, onDone, onCancel }: { setup: Setup; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) confirm.mutate(code.trim(), { onSuccess: (answer) => onDone(answer.recoveryCodes) });
  };
  const error = confirm.error && isApiError(confirm.error) ? confirm.error.message : null;
  return (
    <form onSubmit={submit} className="cf-factors__setup" data-testid="totp-setup">
      <p>{t('factor.scan')}</p>
      <img className="cf-factor-qr" alt={t('factor.qrAlt')} src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} />
      <p>
        {t('factor.secret')}: <code dir="ltr" data-testid="totp-secret">{setup.secret}</code>
      </p>
      <label className="cf-factors__field">
        {t('factor.code')}
        <Input value={code} autoComplete="one-time-code" inputMode="numeric" onChange={(e) => setCode(e.target.value)}
          status={error ? 'error' : undefined} data-testid="totp-code" />
      </label>
      {error && <p role="alert" className="cf-factors__error">{error}</p>}
      <Space>
        <Button type="primary" htmlType="submit" loading={confirm.isPending} data-testid="totp-turn-on">
          {t('factor.turnOn')}
        </Button>
        <Button onClick={onCancel}>{t('factor.cancel')}</Button>
      </Space>
    </form>
  );
}

/** The authenticator app: set up (QR code, one code checked), recovery codes shown once, new codes, turn off. */
export function AppSection({ status }: { status: FactorStatus }) {
  const { t, i18n } = useTranslation();
  const start = useTotpStart();
  const remove = useTotpRemove();
  const regenerate = useRegenerateRecovery();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'off' | 'codes' | null>(null);
  const since = status.totpSince ? new Date(status.totpSince).toLocaleDateString(i18n.language) : '';
  return (
    <section className="cf-factors__section" aria-labelledby="cf-factors-app">
      <Typography.Title level={2} id="cf-factors-app" className="cf-factors__heading">
        {t('factor.appHeading')}
      </Typography.Title>
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {!codes && setup && <TotpSetup setup={setup} onCancel={() => setSetup(null)} onDone={(made) => (setSetup(null), setCodes(made.length ? made : null))} />}
      {!codes && !setup && (
        <Space wrap>
          <span data-testid="totp-state">{status.totp ? t('factor.appOn', { date: since }) : t('factor.appOff')}</span>
          {!status.totp && (
            <Button type="primary" loading={start.isPending} data-testid="totp-set-up"
              onClick={() => start.mutate(undefined, { onSuccess: (answer) => setSetup(answer) })}>
              {t('factor.setUp')}
            </Button>
          )}
          {status.totp && <Button danger onClick={() => setAsking('off')} data-testid="totp-turn-off">{t('factor.turnOff')}</Button>}
        </Space>
      )}
      {(status.totp || status.passkeys.length > 0) && !codes && (
        <Space wrap className="cf-factors__recovery">
          <span data-testid="recovery-left">{t('factor.recoveryLeft', { count: status.recoveryLeft })}</span>
          <Button onClick={() => setAsking('codes')}>{t('factor.regenerate')}</Button>
        </Space>
      )}
      {asking && (
        <ConfirmDialog title={asking === 'off' ? t('factor.turnOff') : t('factor.regenerate')} hasPassword={status.hasPassword}
          onClose={() => setAsking(null)}
          onConfirm={(body) => (asking === 'off' ? remove.mutateAsync(body) : regenerate.mutateAsync(body).then((made) => setCodes(made.recoveryCodes)))} />
      )}
    </section>
  );
}
