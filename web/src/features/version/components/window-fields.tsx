import { Checkbox, Collapse, Form, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormColumns } from '@/components/form-modal';
import { enter, numberBetween } from '@/lib/form-rules';
import type { UpdateWindow } from '../api/firmware';

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The form values of the window section: whether a window is used, and the window. */
export interface WindowValues {
  useWindow?: boolean;
  window?: UpdateWindow;
}

export const WINDOW_DEFAULTS: UpdateWindow = { windowStart: '01:00', windowEnd: '04:00', spreadMinutes: 30, quietBeforeRunMinutes: 30, minBattery: 30, maxDeferDays: 7 };

/** The request's `window` from the form's values: only when the section is switched on. */
export const windowOf = (values: WindowValues): UpdateWindow | undefined => (values.useWindow ? values.window : undefined);

/**
 * "Maintenance window", collapsed until opened, for the rollout form and the publish dialog: switched on, robots
 * are told to update only inside the window (on each robot's site clock), each after its own random offset within
 * the spread. A refusal naming `window.windowEnd` (and the others) shows under its field.
 */
export function WindowFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const on = Form.useWatch('useWindow', form) === true;
  const clock = (label: string) => [enter(t, label), { pattern: CLOCK, message: t('version.window.clock') }];
  const body = (
    <>
      <Form.Item name="useWindow" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox data-testid="use-window">{t('version.window.use')}</Checkbox>
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('version.window.hint')}
      </Typography.Paragraph>
      {on ? (
        <>
          <FormColumns>
            <Form.Item name={['window', 'windowStart']} label={t('version.window.start')} rules={clock(t('version.window.start'))}>
              <Input maxLength={5} placeholder="01:00" inputMode="numeric" data-testid="window-start" />
            </Form.Item>
            <Form.Item name={['window', 'windowEnd']} label={t('version.window.end')} rules={clock(t('version.window.end'))}>
              <Input maxLength={5} placeholder="04:00" inputMode="numeric" data-testid="window-end" />
            </Form.Item>
          </FormColumns>
          <FormColumns>
            <Form.Item name={['window', 'spreadMinutes']} label={t('version.window.spread')} rules={[numberBetween(t, 0, 1439, true)]}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="window-spread" />
            </Form.Item>
            <Form.Item name={['window', 'quietBeforeRunMinutes']} label={t('version.window.quiet')} rules={[numberBetween(t, 0, 720, true)]}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </FormColumns>
          <FormColumns>
            <Form.Item name={['window', 'minBattery']} label={t('version.window.minBattery')} rules={[numberBetween(t, 0, 100, true)]}>
              <InputNumber precision={0} style={{ width: '100%' }} data-testid="window-min-battery" />
            </Form.Item>
            <Form.Item name={['window', 'maxDeferDays']} label={t('version.window.maxDefer')} rules={[numberBetween(t, 1, 30, true)]}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </FormColumns>
        </>
      ) : null}
    </>
  );
  return <Collapse size="small" style={{ marginBottom: 16 }} data-testid="window-section" items={[{ key: 'window', label: t('version.window.section'), children: body, forceRender: true }]} />;
}
