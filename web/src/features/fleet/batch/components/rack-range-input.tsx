import { Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { parseRackRange, rackCount, rackNumber } from '../../lib/rack-range';

/** A rack number range as the product writes them (the same in every language). */
const RACK_RANGE_EXAMPLE = 'SC0001-SC0030';

/** The form rule for a rack number range: each format error named (product-spec.md 5). */
export function rackRangeRule(t: TFunction): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const result = parseRackRange(typeof value === 'string' ? value : '');
      return result.ok ? Promise.resolve() : Promise.reject(new Error(t(`fleet.batch.errors.${result.error}`)));
    },
  };
}

/** What a valid range holds, under the field: "30 rack numbers: SC0001 … SC0030". */
export function RackRangePreview({ value }: { value?: string }) {
  const { t } = useTranslation();
  const result = parseRackRange(value ?? '');
  if (!result.ok) return null;
  const { range } = result;
  return (
    <Typography.Text type="secondary" data-testid="rack-preview">
      {t('fleet.batch.rackPreview', {
        count: rackCount(range),
        first: rackNumber(range, range.first),
        last: rackNumber(range, range.last),
      })}
    </Typography.Text>
  );
}

/** The rack range field with its rule, help and preview. */
export function RackRangeField() {
  const { t } = useTranslation();
  const value = Form.useWatch<string | undefined>('rackRange');
  const valid = parseRackRange(value ?? '').ok;
  return (
    <Form.Item
      name="rackRange"
      label={t('fleet.batch.rackRange')}
      required
      rules={[rackRangeRule(t)]}
      extra={valid ? <RackRangePreview value={value} /> : t('fleet.batch.rackRangeHelp')}
      validateFirst
    >
      <Input placeholder={RACK_RANGE_EXAMPLE} count={{ show: true, max: 64 }} className="cf-fleet-mono" />
    </Form.Item>
  );
}
