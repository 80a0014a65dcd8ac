import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormColumns, FormModal } from '@/components/form-modal';
import { OwnerPicker } from '@/components/owner-picker';
import { useAddProvider, useEditProvider, type ProviderBody, type ProviderRow } from '../api/providers';
import { GroupTable } from './group-table';
import { TestPanel } from './test-panel';

type Values = Omit<ProviderBody, 'nodeId'> & { nodeId?: number | null };

/** A refused domain comes back as `domains.<n>` (the server's field): shown under the domains field. */
const SERVER_FIELDS = Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`domains.${n}`, 'domains']));

const DEFAULTS: Partial<Values> = { scopes: 'openid email profile', groupsClaim: 'groups', domains: [], groups: [], passwordsOff: false, enabled: true };

function initial(provider: ProviderRow | null): Partial<Values> {
  if (!provider) return DEFAULTS;
  const { name, issuer, clientId, scopes, groupsClaim, domains, passwordsOff, enabled, nodeId } = provider;
  const groups = provider.groups.map(({ group, roleId, nodeId: landing }) => ({ group, roleId, nodeId: landing }));
  return { name, issuer, clientId, scopes, groupsClaim, domains, passwordsOff, enabled, nodeId, groups };
}

/** Add or change an identity provider: where to register, the provider's fields, the table group → role. */
export function ProviderDialog({ provider, onClose }: { provider: ProviderRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddProvider();
  const edit = useEditProvider();
  const nodeId = Form.useWatch('nodeId', form) ?? provider?.nodeId ?? null;
  const save = (values: Values) => {
    const body = { ...values, nodeId: values.nodeId ?? null, clientSecret: values.clientSecret || null };
    return provider ? edit.mutateAsync({ ...body, id: provider.id }) : add.mutateAsync(body);
  };
  const required = [{ required: true, message: t('sso.form.required') }];
  return (
    <FormModal<Values>
      title={provider ? t('sso.form.editTitle', { name: provider.name }) : t('sso.form.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={add.isPending || edit.isPending}
      savedText={t('sso.saved')}
      width={760}
      testId="provider-form"
      initialValues={initial(provider)}
      serverFields={SERVER_FIELDS}
    >
      <p className="cf-sso__register">{t('sso.form.register', { uri: provider?.redirectUri ?? `${window.location.origin}/api/sso/callback` })}</p>
      <FormColumns>
        <Form.Item name="name" label={t('sso.form.name')} rules={required} extra={t('sso.form.nameHint')}>
          <Input maxLength={64} data-testid="provider-name" />
        </Form.Item>
        <Form.Item name="nodeId" label={t('sso.form.node')} extra={t('sso.form.nodeHint')}>
          <OwnerPicker allowClear aria-label={t('sso.form.node')} data-testid="provider-node" />
        </Form.Item>
      </FormColumns>
      <Form.Item name="issuer" label={t('sso.form.issuer')} rules={required} extra={t('sso.form.issuerHint')}>
        <Input maxLength={2048} placeholder="https://login.example.com/realms/acme" data-testid="provider-issuer" />
      </Form.Item>
      <TestPanel form={form} providerId={provider?.id ?? null} />
      <FormColumns>
        <Form.Item name="clientId" label={t('sso.form.clientId')} rules={required}>
          <Input maxLength={255} data-testid="provider-client-id" />
        </Form.Item>
        <Form.Item name="clientSecret" label={t('sso.form.clientSecret')} rules={provider ? [] : required} extra={provider ? t('sso.form.secretKept') : undefined}>
          <Input.Password maxLength={1024} autoComplete="new-password" data-testid="provider-client-secret" />
        </Form.Item>
      </FormColumns>
      <FormColumns>
        <Form.Item name="scopes" label={t('sso.form.scopes')} rules={required}>
          <Input maxLength={255} data-testid="provider-scopes" />
        </Form.Item>
        <Form.Item name="groupsClaim" label={t('sso.form.groupsClaim')} rules={required}>
          <Input maxLength={64} data-testid="provider-groups-claim" />
        </Form.Item>
      </FormColumns>
      <Form.Item name="domains" label={t('sso.form.domains')} rules={required} extra={t('sso.form.domainsHint')}>
        <Select mode="tags" open={false} tokenSeparators={[',', ' ']} data-testid="provider-domains" aria-label={t('sso.form.domains')} />
      </Form.Item>
      <GroupTable nodeId={nodeId} />
      <FormColumns>
        <Form.Item name="passwordsOff" label={t('sso.form.passwordsOff')} valuePropName="checked" extra={t('sso.form.passwordsOffHint')}>
          <Switch data-testid="provider-passwords-off" />
        </Form.Item>
        <Form.Item name="enabled" label={t('sso.form.enabled')} valuePropName="checked">
          <Switch data-testid="provider-enabled" />
        </Form.Item>
      </FormColumns>
    </FormModal>
  );
}
