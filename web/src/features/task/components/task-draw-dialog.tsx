import { Alert, App, Button, Col, Descriptions, Form, Input, InputNumber, Modal, Row, Segmented, Select, Space, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewTask, useTaskChange, type TaskDraft } from '../api/change-tasks';
import { useMapImage, useMapMarks, type RobotMap } from '../api/get-task-data';
import { rectangle, type Point } from '../lib/geometry';
import { zoneConflicts } from '../lib/zones';
import { TaskMap } from './task-map';
import { enter } from '@/lib/form-rules';

type Tool = 'start' | 'rectangle' | 'polyline';

interface DraftValues {
  taskName: string;
  cleanMode: 'clean' | 'carpet' | 'quiet';
  taskMode: 'normal' | 'edge';
  pathType: 'bow' | 'spiral';
  speed: 'low' | 'middle' | 'high';
  lowSpeed: number;
  middleSpeed: number;
  highSpeed: number;
  hardFloor: boolean;
}

/**
 * A new task drawn on the map: the start point first, then one area (a rectangle from two corners, or a
 * polyline of three points or more); its modes and speeds (low ≤ middle ≤ high). Preview asks the robot
 * what the task would cover; save stores it on the robot. The map's saved forbidden zones and walls are drawn under
 * the task: an area that runs into a zone, or a start point inside one, is named above the map and cannot be
 * previewed or saved (lib/zones.ts; the server refuses it too).
 */
export function TaskDrawDialog({ deviceId, map, onClose }: { deviceId: number; map: RobotMap; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DraftValues>();
  const image = useMapImage(deviceId, map.mapName);
  const marks = useMapMarks(deviceId, map.mapName);
  const add = useTaskChange('/api/task/add');
  const [tool, setTool] = useState<Tool>('start');
  const [start, setStart] = useState<Point | null>(null);
  const [area, setArea] = useState<Point[]>([]);
  const [corner, setCorner] = useState<Point | null>(null);
  const [preview, setPreview] = useState<{ area: number; durationS: number; pathLength: number } | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const zones = marks.data?.zones;
  const conflicts = useMemo(() => zoneConflicts(zones ?? [], area, start), [zones, area, start]);
  const blocked = conflicts.area.length > 0 || conflicts.start !== null;

  const pick = (point: Point) => {
    setPreview(null);
    if (tool === 'start') {
      setStart(point);
      setTool('rectangle');
    } else if (tool === 'rectangle') {
      if (corner) {
        setArea(rectangle(corner, point));
        setCorner(null);
      } else {
        setCorner(point);
        setArea([point]);
      }
    } else {
      setArea((points) => [...points, point]);
    }
  };

  const clear = () => {
    setArea([]);
    setCorner(null);
    setPreview(null);
  };

  const body = async (): Promise<TaskDraft | null> => {
    const values = await form.validateFields();
    if (!start) {
      void message.warning(t('task.draw.startFirst'));
      return null;
    }
    if (area.length < 3) {
      void message.warning(t('task.draw.areaFirst'));
      return null;
    }
    if (blocked) return null; // named above the map
    return { deviceId, mapName: map.mapName, area, startPoint: start, ...values };
  };

  const runPreview = async () => {
    const draft = await body().catch(() => null);
    if (!draft) return;
    setPreviewing(true);
    try {
      setPreview(await previewTask(draft));
    } catch {
      // the client has shown the refusal
    } finally {
      setPreviewing(false);
    }
  };

  const save = async () => {
    const draft = await body().catch(() => null);
    if (!draft) return;
    await add.mutateAsync(draft);
    void message.success(t('task.draw.saved'));
    onClose();
  };

  const speedRule = (lower: 'lowSpeed' | 'middleSpeed') => ({
    validator: (_rule: unknown, value: number) =>
      value >= Number(form.getFieldValue(lower)) ? Promise.resolve() : Promise.reject(new Error(t('task.draw.speedOrder'))),
  });

  return (
    <Modal
      open
      width={1080}
      title={t('task.draw.title', { map: map.mapName })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('task.common.cancel')}</Button>
          <Button onClick={() => void runPreview()} loading={previewing} disabled={blocked} data-testid="task-preview">
            {t('task.draw.preview')}
          </Button>
          <Button type="primary" loading={add.isPending} disabled={blocked} onClick={() => void save().catch(() => undefined)} data-testid="task-save">
            {t('task.common.save')}
          </Button>
        </Space>
      }
    >
      <Row gutter={16}>
        <Col xs={24} lg={15}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Segmented<Tool>
              value={tool}
              onChange={setTool}
              options={[
                { value: 'start', label: t('task.draw.startPoint') },
                { value: 'rectangle', label: t('task.draw.rectangle'), disabled: !start },
                { value: 'polyline', label: t('task.draw.polyline'), disabled: !start },
              ]}
              data-testid="draw-tool"
            />
            <Button size="small" onClick={clear} disabled={area.length === 0}>
              {t('task.draw.deleteLine')}
            </Button>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t(`task.draw.hints.${tool}`)}
            {zones?.length || marks.data?.walls.length ? ` ${t('task.draw.legend')}` : null}
          </Typography.Paragraph>
          {blocked ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 8 }}
              data-testid="draw-zone-conflict"
              message={[
                conflicts.area.length ? t('task.draw.areaInZone', { zones: conflicts.area.map((i) => i + 1).join(', ') }) : '',
                conflicts.start !== null ? t('task.draw.startInZone', { zone: conflicts.start + 1 }) : '',
              ]
                .filter(Boolean)
                .join(' ')}
            />
          ) : null}
          <TaskMap
            frame={map}
            image={image.data}
            width={600}
            walls={marks.data?.walls}
            zones={zones}
            zonesHit={conflicts.area}
            area={area}
            start={start}
            onPick={pick}
            zoomable
            testId="draw-map"
          />
          {preview ? (
            <Descriptions size="small" column={3} style={{ marginTop: 8 }} data-testid="task-preview-result">
              <Descriptions.Item label={t('task.draw.previewArea')}>{preview.area} m²</Descriptions.Item>
              <Descriptions.Item label={t('task.draw.previewLength')}>{preview.pathLength} m</Descriptions.Item>
              <Descriptions.Item label={t('task.draw.previewTime')}>{Math.round(preview.durationS / 60)} min</Descriptions.Item>
            </Descriptions>
          ) : null}
        </Col>
        <Col xs={24} lg={9}>
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
        </Col>
      </Row>
    </Modal>
  );
}
