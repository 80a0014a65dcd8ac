import { App, Button, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { showOnField } from '@/components/form-refusal';
import { enter, numberBetween } from '@/lib/form-rules';
import { useCan } from '@/lib/use-can';
import { useEditWearSettings, useWearSettings } from '../api/wear';

const MAX_LEAD_DAYS = 60;

/** A branch's lead time: how many days before a forecast date its robots' owners are told (0..60). */
export function SettingsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [userId, setUserId] = useState<number | null>(null);
  const settings = useWearSettings(userId);
  const edit = useEditWearSettings();
  const [form] = Form.useForm<{ leadDays: number }>();
  const mayEdit = can('wear/index/settings');
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ leadDays: settings.data.leadDays });
  }, [settings.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    try {
      await edit.mutateAsync({ userId: userId ?? undefined, leadDays: values.leadDays });
      void message.success(t('wear.settings.saved'));
    } catch (error) {
      showOnField(form, error);
    }
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', maxWidth: 560 }} data-testid="wear-settings">
      <OwnerFilter value={userId} onChange={setUserId} placeholder={t('wear.settings.branch')} data-testid="wear-settings-branch" />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('wear.settings.hint')}
      </Typography.Paragraph>
      <QueryState query={settings} rows={2}>
        <Form form={form} layout="vertical" onFinish={() => void save().catch(() => undefined)} disabled={!mayEdit}>
          <Form.Item
            name="leadDays"
            label={t('wear.settings.leadDays')}
            rules={[enter(t, t('wear.settings.leadDays')), numberBetween(t, 0, MAX_LEAD_DAYS, true)]}
            extra={settings.data?.own ? t('wear.settings.own') : t('wear.settings.inherited')}
          >
            <InputNumber precision={0} style={{ width: 160 }} data-testid="wear-lead-days" />
          </Form.Item>
          {mayEdit ? (
            <Button type="primary" htmlType="submit" loading={edit.isPending} data-testid="wear-settings-save">
              {t('wear.settings.save')}
            </Button>
          ) : null}
        </Form>
      </QueryState>
    </Space>
  );
}
