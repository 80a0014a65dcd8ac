import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useSetTargets, type Targets } from '../api/availability';

interface TargetValues {
  availability: number | null;
  ackMinutes: number | null;
  runsDone: number | null;
}

const toPercent = (thousandths: number | null) => (thousandths == null ? null : thousandths / 10);
const toThousandths = (percent: number | null | undefined) => (percent == null ? null : Math.round(percent * 10));

/** The targets a dealer agrees with its customer for a site; an empty field is no target. */
export function TargetsDialog({ siteId, siteName, targets, onClose }: { siteId: number; siteName: string; targets: Targets; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TargetValues>();
  const save = useSetTargets(siteId);
  return (
    <FormModal<TargetValues>
      title={t('site.availability.targets.dialogTitle', { name: siteName })}
      form={form}
      onSave={(values) =>
        save.mutateAsync({
          availability: toThousandths(values.availability),
          ackMinutes: values.ackMinutes ?? null,
          runsDone: toThousandths(values.runsDone),
        })
      }
      onClose={onClose}
      saving={save.isPending}
      savedText={t('site.availability.targets.saved')}
      width={520}
      testId="targets-form"
      initialValues={{ availability: toPercent(targets.availability), ackMinutes: targets.ackMinutes, runsDone: toPercent(targets.runsDone) }}
    >
      <Form.Item name="availability" label={t('site.availability.targets.availability')} extra={t('site.availability.targets.emptyHelp')}>
        <InputNumber min={0} max={100} step={0.5} precision={1} style={{ width: '100%' }} data-testid="target-availability" />
      </Form.Item>
      <Form.Item name="ackMinutes" label={t('site.availability.targets.ack')}>
        <InputNumber min={1} max={10080} precision={0} style={{ width: '100%' }} data-testid="target-ack" />
      </Form.Item>
      <Form.Item name="runsDone" label={t('site.availability.targets.runsDone')}>
        <InputNumber min={0} max={100} step={0.5} precision={1} style={{ width: '100%' }} data-testid="target-runs" />
      </Form.Item>
    </FormModal>
  );
}
