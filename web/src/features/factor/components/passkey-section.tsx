import { Alert, Button, Input, List, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { RecoveryCodes } from '@/components/recovery-codes';
import { createPasskey, passkeyCancelled, passkeysSupported } from '@/lib/passkey';
import { passkeyOptions, useAddPasskey, useRemovePasskey, useRenamePasskey, type FactorStatus, type Passkey } from '../api/factors';

function AddPasskey({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (!name.trim()) return setError(t('factor.nameRequired'));
    setPending(true);
    setError(null);
    try {
      const options = await passkeyOptions();
      const credential = await createPasskey(options.options);
      const answer = await add.mutateAsync({ name: name.trim(), handle: options.handle, credential });
      setName('');
      if (answer.recoveryCodes) onCodes(answer.recoveryCodes);
    } catch (caught) {
      if (!passkeyCancelled(caught)) setError(isApiError(caught) ? caught.message : t('api.failed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="cf-factors__add">
      <Space.Compact>
        <Input aria-label={t('factor.name')} placeholder={t('factor.name')} value={name} maxLength={64}
          onChange={(e) => setName(e.target.value)} onPressEnter={() => void run()} data-testid="passkey-name" />
        <Button type="primary" loading={pending} onClick={() => void run()} data-testid="passkey-add">
          {t('factor.add')}
        </Button>
      </Space.Compact>
      {error && <p role="alert" className="cf-factors__error">{error}</p>}
    </div>
  );
}

function PasskeyRow({ row }: { row: Passkey }) {
  const { t, i18n } = useTranslation();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [naming, setNaming] = useState<string | null>(null);
  const date = (value: string) => new Date(value).toLocaleDateString(i18n.language);
  return (
    <List.Item data-testid="passkey-row"
      actions={[
        <Button key="rename" size="small" onClick={() => setNaming(row.name)}>{t('factor.rename')}</Button>,
        <Popconfirm key="remove" title={t('factor.removeConfirm', { name: row.name })} okButtonProps={{ danger: true }}
          okText={t('factor.remove')} cancelText={t('factor.cancel')} onConfirm={() => remove.mutateAsync(row.id)}>
          <Button size="small" danger>{t('factor.remove')}</Button>
        </Popconfirm>,
      ]}>
      <List.Item.Meta
        title={<Space>{row.name}{row.synced && <Tag>{t('factor.synced')}</Tag>}</Space>}
        description={`${t('factor.created', { date: date(row.createdAt) })} · ${row.lastUsedAt ? t('factor.lastUsed', { date: date(row.lastUsedAt) }) : t('factor.never')}`} />
      {naming !== null && (
        <Modal open title={t('factor.rename')} onCancel={() => setNaming(null)} okText={t('factor.save')} cancelText={t('factor.cancel')}
          confirmLoading={rename.isPending}
          onOk={() => void rename.mutateAsync({ id: row.id, name: naming.trim() }).then(() => setNaming(null)).catch(() => undefined)}>
          <Input aria-label={t('factor.name')} value={naming} maxLength={64} onChange={(e) => setNaming(e.target.value)} />
        </Modal>
      )}
    </List.Item>
  );
}

/** Passkeys and security keys: several per person with names; add, rename, remove (after a confirmation). */
export function PasskeySection({ status }: { status: FactorStatus }) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <section className="cf-factors__section" aria-labelledby="cf-factors-passkeys">
      <Typography.Title level={2} id="cf-factors-passkeys" className="cf-factors__heading">
        {t('factor.passkeysHeading')}
      </Typography.Title>
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      <List size="small" dataSource={status.passkeys} locale={{ emptyText: t('factor.none') }} rowKey="id"
        renderItem={(row) => <PasskeyRow row={row} />} />
      {passkeysSupported() ? <AddPasskey onCodes={setCodes} /> : <Alert type="info" showIcon title={t('factor.unsupported')} />}
    </section>
  );
}
