import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import type { Confirm } from '../api/factors';

/** A change that weakens sign-in asks again (the server checks it): the account's password, or a current code. */
export function ConfirmDialog({ title, hasPassword, onConfirm, onClose }: {
  title: string;
  hasPassword: boolean;
  onConfirm: (body: Confirm) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ok = async () => {
    setPending(true);
    try {
      await onConfirm(password ? { password } : { code: code.trim() });
      onClose();
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('api.failed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal open title={title} onOk={() => void ok()} onCancel={onClose} confirmLoading={pending} okText={t('factor.confirm')}
      cancelText={t('factor.cancel')} okButtonProps={{ 'data-testid': 'factor-confirm-ok' } as Record<string, string>}>
      <p>{t('factor.confirmTitle')}</p>
      {hasPassword && (
        <label className="cf-factors__field">
          {t('factor.password')}
          <Input.Password value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} data-testid="factor-confirm-password" />
        </label>
      )}
      <label className="cf-factors__field">
        {t('factor.orCode')}
        <Input value={code} autoComplete="one-time-code" onChange={(e) => setCode(e.target.value)} data-testid="factor-confirm-code" />
      </label>
      {error && <p role="alert" className="cf-factors__error">{error}</p>}
    </Modal>
  );
}
