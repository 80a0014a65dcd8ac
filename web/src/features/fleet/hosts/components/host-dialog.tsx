import { Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Node } from '../../api/transfer-nodes';
import { checkPort, PORT_MAX, PORT_MIN } from '../../lib/ports';
import { regionsOf, useHostMutations, useRegionName, type HostKind } from './host-kinds';
import { FormColumns, FormModal } from '@/components/form-modal';
import { RemarkField, RequiredTextField } from '../../components/form-fields';
import { choose, enter, maxChars } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

/** The add call's body (a transfer node's and a server's take the same); an edit adds the id. */
type HostValues = BodyOf<'/api/wmDeviceHostInfo/add'>;

const DOMAIN = /^[A-Za-z0-9.:[\]_-]+$/;

export function portRule(t: TFunction): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const error = checkPort(value);
      return error ? Promise.reject(new Error(t(`fleet.hosts.portErrors.${error}`))) : Promise.resolve();
    },
  };
}

function PortField({ name, label }: { name: 'sshPort' | 'webPort' | 'frpPort'; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[portRule(t)]} validateFirst>
      <InputNumber<number> style={{ width: '100%' }} placeholder={`${PORT_MIN}–${PORT_MAX}`} controls={false} />
    </Form.Item>
  );
}

/** Add or edit a transfer node or server: name and domain required, ports 20000-30000. */
export function HostDialog({ kind, host, onClose }: { kind: HostKind; host: Node | null; onClose: () => void }) {
  const { t } = useTranslation();
  const regionName = useRegionName(kind);
  const [form] = Form.useForm<HostValues>();
  const { add, edit } = useHostMutations(kind);

  const save = async (values: HostValues) => {
    const body = { ...values, sshPort: values.sshPort ?? null, webPort: values.webPort ?? null, frpPort: values.frpPort ?? null };
    if (host) await edit.mutateAsync({ id: host.id, ...body });
    else await add.mutateAsync(body);
  };

  const title = kind === 'node' ? (host ? 'fleet.hosts.editNode' : 'fleet.hosts.addNode') : host ? 'fleet.hosts.editServer' : 'fleet.hosts.addServer';
  return (
    <FormModal
      title={t(title)}
      onSave={save}
      onClose={onClose}
      saving={add.isPending || edit.isPending}
      width={640}
      form={form}
      savedText={host ? t('fleet.common.saved') : t('fleet.common.created')}
      testId="host-form"
      initialValues={{
        name: host?.name ?? '',
        domain: host?.domain ?? '',
        supportType: host?.supportType ?? '',
        flag: host?.flag ?? '',
        region: host?.region ?? 0,
        sshPort: host?.sshPort ?? null,
        webPort: host?.webPort ?? null,
        frpPort: host?.frpPort ?? null,
        remark: host?.remark ?? '',
      }}
    >
      <FormColumns>
        <RequiredTextField name="name" label={t('fleet.hosts.name')} />
        <Form.Item name="region" label={t('fleet.hosts.region')} rules={[choose(t, t('fleet.hosts.region'))]}>
          <Select options={regionsOf(kind).map((r) => ({ value: r, label: regionName(r) }))} />
        </Form.Item>
      </FormColumns>
      <Form.Item
        name="domain"
        label={t('fleet.hosts.domain')}
        extra={t('fleet.hosts.domainHelp')}
        validateFirst
        rules={[
          enter(t, t('fleet.hosts.domain')),
          { pattern: DOMAIN, message: t('fleet.hosts.domainPattern') },
          maxChars(t, 255),
        ]}
      >
        <Input maxLength={255} className="cf-fleet-mono" />
      </Form.Item>
      <FormColumns>
        <Form.Item name="supportType" label={t('fleet.hosts.supportType')} rules={[maxChars(t, 64)]}>
          <Input count={{ show: true, max: 64 }} />
        </Form.Item>
        <Form.Item name="flag" label={t('fleet.hosts.flag')} rules={[maxChars(t, 64)]}>
          <Input count={{ show: true, max: 64 }} />
        </Form.Item>
      </FormColumns>
      <FormColumns>
        <PortField name="sshPort" label={t('fleet.hosts.sshPort')} />
        <PortField name="webPort" label={t('fleet.hosts.webPort')} />
        <PortField name="frpPort" label={t('fleet.hosts.frpPort')} />
      </FormColumns>
      <RemarkField />
    </FormModal>
  );
}
