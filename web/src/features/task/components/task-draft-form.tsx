import { Col, Form, Input, InputNumber, Row, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { enter } from '@/lib/form-rules';
import type { TaskDraft } from '../api/tasks';

/** The add call's settings the form holds; the map, area and start point come from the drawing. */
export type DraftValues = Pick<
  TaskDraft,
  'taskName' | 'cleanMode' | 'taskMode' | 'pathType' | 'speed' | 'lowSpeed' | 'middleSpeed' | 'highSpeed' | 'hardFloor'
>;

/** A drawn task's name, modes and speeds (low ≤ middle ≤ high, each checked against the one below). */
export function TaskDraftForm({ form }: { form: FormInstance<DraftValues> }) {
  const { t } = useTranslation();
  const speedRule = (lower: 'lowSpeed' | 'middleSpeed') => ({
    validator: (_rule: unknown, value: number) =>
      value >= Number(form.getFieldValue(lower)) ? Promise.resolve() : Promise.reject(new Error(t('task.draw.speedOrder'))),
  });

  return (
    <Form<DraftValues>
      form={form}
      layout="vertical"
      data-testid="task-form"
      initialValues={{ cleanMode: 'clean', taskMode: 'normal', pathType: 'bow', speed: 'middle', lowSpeed: 0.3, middleSpeed: 0.5, highSpeed: 0.7, hardFloor: true }}
    >
      <Form.Item name="taskName" label={t('task.fields.taskName')} rules={[enter(t, t('task.fields.taskName'))]}>
        <Input count={{ show: true, max: 64 }} data-testid="task-name" />
      </Form.Item>
      <Form.Item name="cleanMode" label={t('task.fields.cleanMode')}>
        <Select options={(['clean', 'carpet', 'quiet'] as const).map((v) => ({ value: v, label: t(`task.cleanModes.${v}`) }))} />
      </Form.Item>
      <Form.Item name="taskMode" label={t('task.fields.taskMode')}>
        <Select options={(['normal', 'edge'] as const).map((v) => ({ value: v, label: t(`task.taskModes.${v}`) }))} />
      </Form.Item>
      <Form.Item name="pathType" label={t('task.fields.pathType')}>
        <Select options={(['bow', 'spiral'] as const).map((v) => ({ value: v, label: t(`task.pathTypes.${v}`) }))} />
      </Form.Item>
      <Form.Item name="speed" label={t('task.fields.speed')}>
        <Select options={(['low', 'middle', 'high'] as const).map((v) => ({ value: v, label: t(`task.speeds.${v}`) }))} />
      </Form.Item>
      <Row gutter={8}>
        <Col span={8}>
          <Form.Item name="lowSpeed" label={t('task.speeds.low')}>
            <InputNumber min={0.1} max={1.5} step={0.1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="middleSpeed" label={t('task.speeds.middle')} dependencies={['lowSpeed']} rules={[speedRule('lowSpeed')]}>
            <InputNumber min={0.1} max={1.5} step={0.1} style={{ width: '100%' }} data-testid="middle-speed" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="highSpeed" label={t('task.speeds.high')} dependencies={['middleSpeed']} rules={[speedRule('middleSpeed')]}>
            <InputNumber min={0.1} max={1.5} step={0.1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="hardFloor" label={t('task.fields.hardFloor')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}
