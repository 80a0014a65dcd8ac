import { Checkbox, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { OwnerPicker } from '@/components/owner-picker';
import { enter, maxChars, numberBetween } from '@/lib/form-rules';
import { useAddSiem, useEditSiem, type SiemBody, type SiemDestination } from '../api/siem';

/** The kinds' groups a destination picks (the server's audit/streamed.py GROUPS, in its order). */
export const SIEM_GROUPS = ['signin', 'change', 'robot', 'data', 'refused', 'token', 'other'] as const;
type Values = Omit<SiemBody, 'nodeId'> & { nodeId?: number | null };

/** "Add destination" / "Edit destination": where a node's branch is streamed as RFC 5424 syslog over TLS. */
export function SiemDialog({ row, onClose }: { row?: SiemDestination; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddSiem();
  const edit = useEditSiem();
  const tls = Form.useWatch('tls', form) ?? true;
  const save = async ({ nodeId, caPem, ...values }: Values) => {
    const body = { ...values, caPem: caPem?.trim() ? caPem : null };
    if (row) await edit.mutateAsync({ destinationId: row.destinationId, ...body });
    else await add.mutateAsync({ ...body, nodeId: nodeId ?? undefined });
  };
  const initial: Partial<Values> = row
    ? { name: row.name, host: row.host, port: row.port, tls: row.tls, caPem: row.caPem ?? '', appName: row.appName, kinds: row.kinds, active: row.active }
    : { port: 6514, tls: true, appName: 'cleanfleet', kinds: [...SIEM_GROUPS], active: true };
  return (
    <FormModal<Values>
      title={row ? t('audit.siem.editTitle') : t('audit.siem.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={add.isPending || edit.isPending}
      savedText={row ? t('audit.siem.saved') : t('audit.siem.added')}
      okText={row ? t('common.save') : t('audit.siem.add')}
      testId="siem-form"
      width={640}
      initialValues={initial}
    >
      {row ? null : (
        <Form.Item name="nodeId" label={t('audit.siem.node')} extra={t('audit.siem.nodeHelp')}>
          <OwnerPicker placeholder={t('audit.siem.nodeOwn')} data-testid="siem-node" />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('audit.siem.name')} rules={[enter(t, t('audit.siem.name')), maxChars(t, 64)]}>
        <Input maxLength={64} placeholder={t('audit.siem.namePlaceholder')} data-testid="siem-name" />
      </Form.Item>
      <Form.Item name="host" label={t('audit.siem.host')} rules={[enter(t, t('audit.siem.host')), maxChars(t, 253)]}>
        <Input maxLength={253} placeholder="siem.example.com" inputMode="url" dir="ltr" data-testid="siem-host" />
      </Form.Item>
      <Form.Item name="port" label={t('audit.siem.port')} extra={t('audit.siem.portHelp')} rules={[numberBetween(t, 1, 65535, true)]}>
        <InputNumber min={1} max={65535} precision={0} style={{ width: 140 }} data-testid="siem-port" />
      </Form.Item>
      <Form.Item name="tls" label={t('audit.siem.tls')} valuePropName="checked" extra={tls ? undefined : t('audit.siem.plainWarning')}>
        <Switch data-testid="siem-tls" />
      </Form.Item>
      {tls ? (
        <Form.Item name="caPem" label={t('audit.siem.ca')} extra={t('audit.siem.caHelp')} rules={[maxChars(t, 20000)]}>
          <Input.TextArea rows={4} placeholder="-----BEGIN CERTIFICATE-----" dir="ltr" spellCheck={false} data-testid="siem-ca" />
        </Form.Item>
      ) : null}
      <Form.Item name="appName" label={t('audit.siem.appName')} rules={[enter(t, t('audit.siem.appName')), maxChars(t, 48), { pattern: /^[!-~]+$/, message: t('audit.siem.appNameInvalid') }]}>
        <Input maxLength={48} dir="ltr" data-testid="siem-app" />
      </Form.Item>
      <Form.Item name="kinds" label={t('audit.siem.kinds')} rules={[{ type: 'array', min: 1, message: t('audit.siem.kindsRequired') }]}>
        <Checkbox.Group options={SIEM_GROUPS.map((group) => ({ value: group, label: t(`audit.siem.groups.${group}`) }))} data-testid="siem-kinds" />
      </Form.Item>
      <Form.Item name="active" label={t('audit.siem.active')} valuePropName="checked">
        <Switch data-testid="siem-active" />
      </Form.Item>
    </FormModal>
  );
}
