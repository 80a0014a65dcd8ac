import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OwnerPicker } from '@/components/owner-picker';
import { useRoleChoices } from '../api/providers';
import { roleLabel } from './role-label';

/** The table group → role (and, for a dealer, the customer a group's people land under), in order. */
export function GroupTable({ nodeId }: { nodeId: number | null }) {
  const { t } = useTranslation();
  const roles = useRoleChoices(nodeId);
  const options = (roles.data ?? []).map((role) => ({ value: role.id, label: roleLabel(t, role.id, role.name) }));
  return (
    <div className="cf-sso__groups" data-testid="provider-groups">
      <Typography.Text strong>{t('sso.form.groups')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('sso.form.groupsHint')}</Typography.Paragraph>
      <Form.List name="groups">
        {(fields, { add, remove }) => (
          <>
            {fields.length > 0 ? (
              <div className="cf-sso__group-head" aria-hidden="true">
                <span>{t('sso.form.group')}</span>
                <span>{t('sso.form.role')}</span>
                <span>{t('sso.form.landing')}</span>
              </div>
            ) : null}
            {fields.map((field) => (
              <div key={field.key} className="cf-sso__group-row" data-testid={`group-row-${field.name}`}>
                <Form.Item name={[field.name, 'group']} rules={[{ required: true, message: t('sso.form.required') }]}>
                  <Input placeholder={t('sso.form.group')} aria-label={t('sso.form.group')} maxLength={255} data-testid={`group-name-${field.name}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'roleId']} rules={[{ required: true, message: t('sso.form.choose') }]}>
                  <Select placeholder={t('sso.form.role')} options={options} loading={roles.isPending} aria-label={t('sso.form.role')} data-testid={`group-role-${field.name}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'nodeId']}>
                  <OwnerPicker allowClear placeholder={t('sso.form.landing')} aria-label={t('sso.form.landing')} style={{ width: '100%' }} data-testid={`group-node-${field.name}`} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('sso.form.removeGroup')} onClick={() => remove(field.name)} data-testid={`group-remove-${field.name}`} />
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ group: '' })} data-testid="add-group">
              {t('sso.form.addGroup')}
            </Button>
          </>
        )}
      </Form.List>
    </div>
  );
}
