import { Form, Radio, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { firstOverlap, LISTS, type ListName, type RangeValues } from '../lib/range';
import { useRobotChoices } from './publish-dialog';
import { choose } from '@/lib/form-rules';

/** The device range's fields: every robot or the white list, the black list and the internal test devices (a
 * robot on one list only; the server refuses the same). */
export function RangeFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const robots = useRobotChoices();
  const scope = Form.useWatch<RangeValues['scope']>('scope', form);
  const options = (robots.data ?? []).map((r) => ({ value: r.deviceSerialNumber, label: `${r.deviceCode} (${r.deviceSerialNumber})` }));
  const noOverlap = (list: ListName) => ({
    validator: () => {
      const overlap = firstOverlap(form.getFieldsValue(LISTS as ListName[]));
      return overlap && overlap.list === list ? Promise.reject(new Error(t('version.soft.range.twice', { serial: overlap.serial }))) : Promise.resolve();
    },
  });
  const picker = (testId: string) => (
    <Select<string[]> mode="multiple" allowClear options={options} loading={robots.isPending} optionFilterProp="label" data-testid={testId} onChange={() => void form.validateFields(LISTS as ListName[]).catch(() => undefined)} />
  );
  return (
    <>
      <Form.Item name="scope" label={t('version.soft.range.scope')}>
        <Radio.Group data-testid="range-scope">
          <Radio value="white">{t('version.soft.range.white')}</Radio>
          <Radio value="all">{t('version.soft.range.all')}</Radio>
        </Radio.Group>
      </Form.Item>
      {scope === 'all' ? null : (
        <Form.Item name="whiteList" label={t('version.soft.range.whiteList')} rules={[choose(t, t('version.soft.range.whiteList')), noOverlap('whiteList')]}>
          {picker('range-white')}
        </Form.Item>
      )}
      <Form.Item name="blackList" label={t('version.soft.range.blackList')} rules={[noOverlap('blackList')]}>
        {picker('range-black')}
      </Form.Item>
      <Form.Item name="testDevices" label={t('version.soft.range.testDevices')} rules={[noOverlap('testDevices')]}>
        {picker('range-test')}
      </Form.Item>
    </>
  );
}
