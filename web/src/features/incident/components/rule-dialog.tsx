import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Urgency } from '@/api/incident/incidents';
import { FormColumns, FormModal } from '@/components/form-modal';
import { enter, numberBetween } from '@/lib/form-rules';
import { useEditRule, type Level, type Rule } from '../api/settings';
import { URGENCIES } from '../lib/states';
import type { BodyOf } from '@/api/types';

const MAX_LEVELS = 6;

/** The edit call's body without the rule's code and owner, which the dialog adds. */
type RuleValues = Omit<BodyOf<'/api/incident/rule/edit'>, 'code' | 'userId'>;

/**
 * One alarm's rule for a branch: whether it opens an incident, its urgency and its escalation (levels up the user
 * tree, each after its wait; reminders at an interval up to a limit). The server checks the policy (a level not
 * above the one before, a later level waiting 0 minutes, reminders every 0 minutes…) and names the field, which
 * shows the message under it.
 */
export function RuleDialog({ rule, name, userId, onClose }: { rule: Rule; name: string; userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleValues>();
  const edit = useEditRule();
  const opens = Form.useWatch('opens', form) ?? rule.opens;
  const upLabel = t('incident.settings.up');
  const waitLabel = t('incident.settings.wait');
  const intervalLabel = t('incident.settings.reminderMinutes');
  const limitLabel = t('incident.settings.reminderLimit');
  return (
    <FormModal<RuleValues>
      title={t('incident.settings.editTitle', { alarm: name })}
      form={form}
      onSave={(values) => edit.mutateAsync({ userId: userId ?? undefined, code: rule.code, ...values, levels: values.levels ?? [] })}
      onClose={onClose}
      saving={edit.isPending}
      savedText={t('incident.settings.saved')}
      width={620}
      testId="rule-form"
      initialValues={{ opens: rule.opens, urgency: rule.urgency, levels: rule.levels, reminderMinutes: rule.reminderMinutes, reminderLimit: rule.reminderLimit }}
    >
      <Alert type="info" showIcon title={t('incident.settings.keepsPolicy')} style={{ marginBottom: 12 }} />
      <FormColumns>
        <Form.Item name="opens" label={t('incident.settings.opens')} valuePropName="checked">
          <Switch data-testid="rule-opens" />
        </Form.Item>
        <Form.Item name="urgency" label={t('incident.columns.urgency')}>
          <Select<Urgency> options={URGENCIES.map((value) => ({ value, label: t(`incident.urgency.${value}`) }))} data-testid="rule-urgency" />
        </Form.Item>
      </FormColumns>
      <fieldset className="cf-incident-levels" disabled={!opens}>
        <legend>{t('incident.settings.levels')}</legend>
        <Form.List name="levels">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} className="cf-incident-level" data-testid={`rule-level-${index}`}>
                  <span className="cf-incident-level__name">{t('incident.settings.levelLabel', { level: index })}</span>
                  <Form.Item name={[field.name, 'up']} label={upLabel} rules={[enter(t, upLabel), numberBetween(t, 0, 10, true)]} tooltip={t('incident.settings.upHelp')}>
                    <InputNumber min={0} max={10} precision={0} data-testid={`rule-up-${index}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'waitMinutes']} label={waitLabel} rules={[enter(t, waitLabel), numberBetween(t, 0, 10080, true)]} tooltip={t('incident.settings.waitHelp')}>
                    <InputNumber min={0} max={10080} precision={0} data-testid={`rule-wait-${index}`} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('incident.settings.removeLevel', { level: index })}
                    onClick={() => remove(field.name)}
                    data-testid={`rule-remove-${index}`}
                  />
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_LEVELS}
                onClick={() => {
                  const last = form.getFieldValue(['levels', fields.length - 1]) as Level | undefined;
                  add({ up: last ? Math.min(last.up + 1, 10) : 0, waitMinutes: last ? 15 : 0 });
                }}
                data-testid="rule-add-level"
              >
                {t('incident.settings.addLevel')}
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
      <FormColumns>
        <Form.Item name="reminderMinutes" label={intervalLabel} rules={[enter(t, intervalLabel), numberBetween(t, 0, 1440, true)]}>
          <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} disabled={!opens} data-testid="rule-interval" />
        </Form.Item>
        <Form.Item name="reminderLimit" label={limitLabel} rules={[enter(t, limitLabel), numberBetween(t, 0, 10, true)]}>
          <InputNumber min={0} max={10} precision={0} style={{ width: '100%' }} disabled={!opens} data-testid="rule-limit" />
        </Form.Item>
      </FormColumns>
    </FormModal>
  );
}
