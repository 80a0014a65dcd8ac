import { DatePicker, Form, Input, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { QueryState } from '@/components/query-state';
import { enter, maxChars } from '@/lib/form-rules';
import { useCreateToken, type CreatedToken, type NewToken } from '../api/tokens';
import { useGrantableKeys } from '../api/tokens';
import { KeyTreePicker } from './key-tree-picker';

const PRESETS = [30, 90, 365] as const;
const CUSTOM = 'custom';

/** The add call's name and keys; the expiry is picked as a preset or a date (sent as `expiresAt`). */
type Values = Pick<NewToken, 'name' | 'keys'> & {
  preset: (typeof PRESETS)[number] | typeof CUSTOM;
  date?: Dayjs;
};

/** When a token made now with these values expires: a preset counts days from now; a date ends at its end of day
 * (never beyond the longest expiry). */
export function expiryOf(values: Pick<Values, 'preset' | 'date'>, maxDays: number, now: Dayjs = dayjs()): Dayjs {
  const latest = now.add(maxDays, 'day');
  if (values.preset !== CUSTOM) return now.add(values.preset, 'day');
  const end = (values.date ?? now).endOf('day');
  return end.isAfter(latest) ? latest : end;
}

/** "New token": a name, an expiry (30, 90 or 365 days, or a date) and the keys it may use (the user's own).
 * On success the parent shows the token once (`onCreated`). */
export function TokenDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (token: CreatedToken) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const grantable = useGrantableKeys();
  const create = useCreateToken();
  const maxDays = grantable.data?.maxDays ?? 365;
  const preset = Form.useWatch('preset', form);

  const save = async (values: Values) => {
    const expiresAt = expiryOf(values, maxDays).toISOString();
    const made = await create.mutateAsync({ name: values.name, expiresAt, keys: values.keys });
    onCreated(made);
  };

  return (
    <FormModal<Values>
      title={t('apitoken.dialog.title')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={create.isPending}
      okText={t('apitoken.dialog.create')}
      testId="token-form"
      width={640}
      initialValues={{ preset: 90, keys: [] }}
      serverFields={{ expiresAt: 'preset' }}
    >
      <Form.Item name="name" label={t('apitoken.dialog.name')} rules={[enter(t, t('apitoken.dialog.name')), maxChars(t, 64)]}>
        <Input maxLength={64} placeholder={t('apitoken.dialog.namePlaceholder')} data-testid="token-name" />
      </Form.Item>
      <Form.Item label={t('apitoken.dialog.expiry')} extra={t('apitoken.dialog.expiryHelp', { days: maxDays })} required>
        <Space wrap>
          <Form.Item name="preset" noStyle>
            <Radio.Group optionType="button" data-testid="token-expiry">
              {PRESETS.map((days) => (
                <Radio.Button key={days} value={days}>
                  {t('apitoken.dialog.days', { count: days })}
                </Radio.Button>
              ))}
              <Radio.Button value={CUSTOM}>{t('apitoken.dialog.custom')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          {preset === CUSTOM ? (
            <Form.Item name="date" noStyle rules={[{ required: true, message: t('apitoken.dialog.expiry') }]}>
              <DatePicker
                aria-label={t('apitoken.dialog.expiry')}
                disabledDate={(day) => day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(maxDays, 'day'), 'day')}
                data-testid="token-date"
              />
            </Form.Item>
          ) : null}
        </Space>
      </Form.Item>
      <Form.Item
        name="keys"
        label={t('apitoken.dialog.keys')}
        extra={t('apitoken.dialog.keysHelp')}
        rules={[{ type: 'array', min: 1, message: t('apitoken.dialog.keysRequired') }]}
      >
        {grantable.data ? <KeyTreePicker keys={grantable.data.list} /> : <QueryState query={grantable}>{null}</QueryState>}
      </Form.Item>
    </FormModal>
  );
}
