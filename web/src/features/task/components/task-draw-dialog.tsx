import { App, Button, Col, Form, Modal, Row, Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewTask, useTaskChange, type TaskDraft } from '../api/tasks';
import { useMapImage, useMapMarks, type RobotMap } from '../api/tasks';
import { rectangle, type Point } from '../lib/geometry';
import { zoneConflicts } from '../lib/zones';
import { PreviewFigures, ZoneConflicts } from './draw-notes';
import { TaskDraftForm, type DraftValues } from './task-draft-form';
import { TaskMap } from './task-map';

type Tool = 'start' | 'rectangle' | 'polyline';


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
          <ZoneConflicts conflicts={conflicts} />
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
          {preview ? <PreviewFigures preview={preview} /> : null}
        </Col>
        <Col xs={24} lg={9}>
          <TaskDraftForm form={form} />
        </Col>
      </Row>
    </Modal>
  );
}
