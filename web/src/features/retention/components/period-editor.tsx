import { App, Button, Form, InputNumber, Modal, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showOnField } from '@/components/form-refusal';
import { enter, numberBetween } from '@/lib/form-rules';
import { previewRetention, useSetRetention, type KindPeriod } from '../api/retention';

interface Props {
  userId: number | null;
  period: KindPeriod | null;
  onClose: () => void;
}

/**
 * One kind's period at a node: a number of days within the limits, or the period from above. Keeping less asks
 * first, with the count of records the next purge would remove.
 */
export function PeriodEditor({ userId, period, onClose }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ days: number }>();
  const save = useSetRetention();
  const [counting, setCounting] = useState(false);
  useEffect(() => {
    if (period) form.setFieldsValue({ days: period.days });
  }, [period, form]);
  if (!period) return null;
  const dayText = (count: number) => t('retention.days', { count });

  const store = async (days: number | null) => {
    try {
      await save.mutateAsync({ userId: userId ?? undefined, kind: period.kind, days });
      void message.success(t('retention.saved'));
      onClose();
    } catch (error) {
      showOnField(form, error);
    }
  };

  const confirmShorter = async (days: number) => {
    setCounting(true);
    try {
      const found = await previewRetention({ userId: userId ?? undefined, kind: period.kind, days });
      const key = found.capped ? 'retention.confirmCapped' : 'retention.confirmText';
      modal.confirm({
        title: t('retention.confirmTitle'),
        content: <span data-testid="retention-confirm-text">{t(key, { count: found.count, days: dayText(days) })}</span>,
        okText: t('retention.confirmOk'),
        okButtonProps: { danger: true, 'data-testid': 'retention-confirm-ok' } as ButtonProps,
        onOk: () => store(days),
      });
    } catch (error) {
      showOnField(form, error);
    } finally {
      setCounting(false);
    }
  };

  const submit = async () => {
    const { days } = await form.validateFields();
    if (days < period.days) await confirmShorter(days);
    else await store(days);
  };

  return (
    <Modal
      open
      title={t('retention.editTitle', { kind: t(`retention.kinds.${period.kind}`) })}
      onCancel={onClose}
      footer={[
        period.own !== null ? (
          <Button key="above" type="link" onClick={() => void store(null)} data-testid="retention-use-above">
            {t('retention.useAbove')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>{t('common.cancel')}</Button>,
        <Button key="save" type="primary" loading={save.isPending || counting} data-testid="retention-save"
          onClick={() => void submit().catch(() => undefined)}>
          {t('retention.save')}
        </Button>,
      ]}
    >
      <p>{t('retention.limits', { least: dayText(period.least), most: dayText(period.most) })}</p>
      {counting ? <output className="retention-counting">{t('retention.counting')}</output> : null}
      <Form form={form} layout="vertical" onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item name="days" label={t('retention.daysLabel')}
          rules={[enter(t, t('retention.daysLabel')), numberBetween(t, period.least, period.most, true)]}>
          <InputNumber precision={0} style={{ width: 160 }} data-testid="retention-days" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
