/**
 * The map editor (react-konva over the robot's occupancy picture): pan (drag) and zoom (wheel);
 * virtual walls (polylines), forbidden zones and free areas (polygons) drawn point by point, moved
 * by dragging and deleted; flags (charging pile, stop point, other, elevator point) added, moved,
 * renamed and deleted; undo and redo; save to the robot (api2/map/CloudInfoUpdate) after the rules
 * hold (lib/editor-state.ts) and the user confirms. The robot checks again and refuses while a task runs on
 * the map: the editor says so when it opens (a banner naming the running task, from /task/state, with a
 * button that stops all tasks after a confirmation, the task list's own /task/cancel), and a refused save
 * keeps the drawing as it is (nothing is redrawn from the robot), so the user can stop the tasks and save.
 *
 * Fluid on a 4,000 × 4,000-cell map (bench/README.md, scripts/bench-map-editor.mjs): the picture is
 * the console's cached copy (api/robot-maps.ts mapPicture) decoded off the main thread; marks are
 * drawn in screen pixels (strokes unscaled, flags counter-scaled), so a pan or zoom changes no mark
 * and re-renders none; their clicks and drags are handled once on the layer; the wheel changes the
 * view once a frame and the marks' hit graph waits until it stops.
 */
import { App, Alert, Button, Input, Modal, Radio, Select, Space, Spin, Tooltip } from 'antd';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Stage, Text } from 'react-konva';
import { useTranslation } from 'react-i18next';
import type { RelayTarget } from '@/api/relay';
import { MARK_STROKE as STROKE, MARK_STYLE as STYLE, MarkShape } from '@/components/map-marks';
import { useElementSize, useMapView, zoomAround } from '@/lib/map-view';
import { useCan } from '@/lib/use-can';
import { useRobotWork, useStopTasks } from '../api/map-records';
import { useMapBitmap, useMapInfo, useSaveDrawing, type MapInfo } from '../api/robot-maps';
import {
  addFlag,
  addShape,
  draftStep,
  moveShape,
  problems,
  record,
  redo,
  removeFlag,
  removeShape,
  startHistory,
  SAME_POINT_PX,
  toMetres,
  toPixel,
  undo,
  updateFlag,
  type DraftClick,
  type EditableMap,
  type Frame,
  type History,
  type Pt,
  type ShapeKind,
} from '../lib/editor-state';
import { refusedShape, robotErrorText } from '../lib/robot-error';

type Tool = 'select' | 'wall' | 'zone' | 'eraser' | 'flag';
type Selection = { kind: ShapeKind | 'flags'; index: number } | null;

const STAGE_HEIGHT = 600;
const KIND_OF_TOOL: Record<'wall' | 'zone' | 'eraser', ShapeKind> = { wall: 'walls', zone: 'zones', eraser: 'erasers' };
const TASKS = 'device/taskList';
const FLAG_COLOURS = ['#595959', '#1677ff', '#722ed1', '#13c2c2'];
// Strokes and flags keep their screen size at every zoom (strokeScaleEnabled off, flags counter-scaled).
const MAX_ZOOM = 40;
const ZOOM_STEP = 1.2;
/** After the last wheel step, the shapes answer the pointer again (their hit graph is redrawn once). */
const ZOOM_SETTLE_MS = 200;

function drawingOf(info: MapInfo): EditableMap {
  return {
    walls: info.virlines_wall ?? [],
    zones: info.forbidden_zone ?? [],
    erasers: info.free_area ?? [],
    flags: (info.flags ?? []).map(({ name, x, y, yaw, type }) => ({ name, x, y, yaw, type })),
  };
}

const flat = (frame: Frame, points: Pt[]) => points.flatMap((p) => toPixel(frame, p));

/** One handler for all shapes (delegated from the layer): the node's id is "<kind>:<index>". */
function hitOf(event: KonvaEventObject<Event>): Selection {
  const node = event.target.findAncestor('.mark', true) ?? event.target;
  const [kind, index] = node.id().split(':');
  if (kind !== 'walls' && kind !== 'zones' && kind !== 'erasers' && kind !== 'flags') return null;
  return { kind, index: Number(index) };
}

export function MapEditor({ target, name, onClose }: { target: RelayTarget; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useMapInfo(target, name);
  return (
    <Modal open title={t('map.editor.title', { name })} onCancel={onClose} footer={null} width="92vw" destroyOnHidden maskClosable={false}>
      {info.data ? <EditorCanvas key={info.data.version} target={target} info={info.data} onClose={onClose} /> : <Spin />}
    </Modal>
  );
}

function EditorCanvas({ target, info, onClose }: { target: RelayTarget; info: MapInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const frame: Frame = info;
  const image = useMapBitmap(target, info.map_name, info.version);
  const save = useSaveDrawing(target);
  const can = useCan();
  const work = useRobotWork(target.deviceId, can(TASKS));
  const stop = useStopTasks(target.deviceId);
  const state = work.data;
  const runningTask =
    state && state.taskName && state.state !== 'idle' && (!state.mapName || state.mapName === info.map_name) ? state.taskName : null;
  const [history, setHistory] = useState<History>(() => startHistory(drawingOf(info)));
  const [tool, setTool] = useState<Tool>('select');
  const [draft, setDraft] = useState<Pt[]>([]);
  const [selected, setSelected] = useState<Selection>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = Math.max(320, useElementSize(box, { width: 800, height: STAGE_HEIGHT }).width);
  const { view, fitted, move, refit } = useMapView(frame, { width, height: STAGE_HEIGHT });
  const { scale } = view;
  const lastClick = useRef<DraftClick | null>(null);
  const shapesRef = useRef<Konva.Layer>(null);
  const wheelRef = useRef({ steps: 0, frame: 0, settle: 0, at: { x: 0, y: 0 } });
  const map = history.present;
  const found = useMemo(() => problems(map, frame), [map, frame]);

  const change = useCallback((next: EditableMap) => setHistory((h) => record(h, next)), []);
  /** Ends the shape being drawn; with too few points yet (a quick double click) it goes on drawing. */
  const finishDraft = useCallback(() => {
    if (tool === 'select' || tool === 'flag' || draft.length < (tool === 'wall' ? 2 : 3)) return;
    change(addShape(map, KIND_OF_TOOL[tool], draft));
    setDraft([]);
  }, [tool, draft, map, change]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDraft([]);
      else if (event.key === 'Enter') finishDraft();
      else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') setHistory((h) => (event.shiftKey ? redo(h) : undo(h)));
      else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'y') setHistory(redo);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [finishDraft]);

  const pointer = (event: KonvaEventObject<MouseEvent>): Pt | null => {
    const stage = event.target.getStage();
    const at = stage?.getRelativePointerPosition();
    return at ? toMetres(frame, [at.x, at.y]) : null;
  };

  const onStageClick = (event: KonvaEventObject<MouseEvent>) => {
    if (tool === 'select') {
      if (event.target === event.target.getStage()) setSelected(null);
      return;
    }
    const at = pointer(event);
    if (!at) return;
    if (tool === 'flag') {
      const next = addFlag(map, { name: t('map.editor.newFlag', { n: map.flags.length + 1 }), x: at[0], y: at[1], yaw: 0, type: 0 });
      change(next);
      setSelected({ kind: 'flags', index: next.flags.length - 1 });
      setTool('select');
      return;
    }
    const click = { at, time: performance.now() };
    const step = draftStep(KIND_OF_TOOL[tool], draft, click, lastClick.current, (SAME_POINT_PX / scale) * frame.resolution);
    lastClick.current = click;
    if (step.action === 'finish') {
      lastClick.current = null;
      finishDraft();
    } else if (step.action === 'add') setDraft((points) => [...points, at]);
  };

  useEffect(() => {
    const wheel = wheelRef.current;
    return () => {
      cancelAnimationFrame(wheel.frame);
      clearTimeout(wheel.settle);
    };
  }, []);

  /**
   * Zoom around the cursor, one view change per frame however many wheel events came (a fast wheel
   * sends several a frame). While the wheel turns, the shapes' hit graph is not redrawn each frame.
   */
  const onWheel = (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const at = event.target.getStage()?.getPointerPosition();
    if (!at) return;
    const wheel = wheelRef.current;
    wheel.steps += event.evt.deltaY < 0 ? 1 : -1;
    wheel.at = at;
    shapesRef.current?.listening(false);
    clearTimeout(wheel.settle);
    wheel.settle = window.setTimeout(() => {
      shapesRef.current?.listening(true);
      shapesRef.current?.batchDraw();
    }, ZOOM_SETTLE_MS);
    if (wheel.frame) return;
    wheel.frame = requestAnimationFrame(() => {
      const { steps, at: cursor } = wheel;
      wheel.frame = 0;
      wheel.steps = 0;
      move((shown) => zoomAround(shown, cursor, ZOOM_STEP ** steps, fitted.scale / 4, MAX_ZOOM));
    });
  };

  const onShapeDragEnd = (kind: ShapeKind, index: number) => (event: KonvaEventObject<DragEvent>) => {
    const node = event.target;
    const dx = node.x() * frame.resolution;
    const dy = -node.y() * frame.resolution;
    node.position({ x: 0, y: 0 });
    change(moveShape(map, kind, index, dx, dy));
  };

  const deleteSelected = () => {
    if (!selected) return;
    change(selected.kind === 'flags' ? removeFlag(map, selected.index) : removeShape(map, selected.kind, selected.index));
    setSelected(null);
  };

  const onSave = () =>
    modal.confirm({
      title: t('map.editor.confirmSave'),
      onOk: () =>
        save.mutateAsync({ name: info.map_name, map }).then(
          () => {
            void message.success(t('map.editor.saved'));
            onClose();
          },
          (error: unknown) => {
            // The drawing stays as it is: the user may stop the tasks (the banner) and save again.
            const text = robotErrorText(t, error);
            if (text) void message.error(text);
            const shape = refusedShape(error); // the zone (wall, eraser) the robot refused is selected
            if (shape && shape.index < map[shape.kind].length) setSelected(shape);
            if (can(TASKS)) void work.refetch();
          },
        ),
    });

  const askStop = () =>
    modal.confirm({
      title: t('map.editor.stopTitle'),
      content: t('map.editor.stopContent'),
      okText: t('map.editor.stopTasks'),
      okButtonProps: { danger: true },
      onOk: () =>
        stop.mutateAsync().then(
          () => void message.success(t('map.editor.stopped')),
          (error: unknown) => {
            const text = robotErrorText(t, error);
            if (text) void message.error(text);
          },
        ),
    });

  const flag = selected?.kind === 'flags' ? map.flags[selected.index] : undefined;
  const hint = t(`map.editor.hints.${tool === 'select' || tool === 'flag' ? tool : 'draw'}`, { finish: t('map.editor.finish'), fit: t('map.editor.fit') });
  const selecting = tool === 'select';

  const onMarkClick = (event: KonvaEventObject<MouseEvent>) => {
    const hit = hitOf(event);
    if (hit && selecting) setSelected(hit);
  };
  const onMarkDragEnd = (event: KonvaEventObject<DragEvent>) => {
    const hit = hitOf(event);
    if (!hit) return;
    if (hit.kind === 'flags') {
      const [x, y] = toMetres(frame, [event.target.x(), event.target.y()]);
      change(updateFlag(map, hit.index, { x, y }));
    } else onShapeDragEnd(hit.kind, hit.index)(event);
  };

  // The shapes do not change with the view: panning and zooming re-render none of them.
  const shapes = useMemo(
    () =>
      (['erasers', 'zones', 'walls'] as const).map((kind) =>
        map[kind].map((shape, index) => (
          <MarkShape
            key={`${kind}-${index}`}
            id={`${kind}:${index}`}
            name="mark"
            kind={kind}
            points={flat(frame, shape)}
            selected={selected?.kind === kind && selected.index === index}
            hitStrokeWidth={8}
            draggable={selecting}
            listening={selecting}
          />
        )),
      ),
    [map, frame, selected, selecting],
  );
  const flags = useMemo(
    () =>
      map.flags.map((f, index) => {
        const [px, py] = toPixel(frame, [f.x, f.y]);
        return { f, index, px, py, picked: selected?.kind === 'flags' && selected.index === index };
      }),
    [map, frame, selected],
  );

  return (
    <div
      className="cf-map-editor"
      data-testid="map-editor"
      data-loaded={image ? 'true' : 'false'}
      data-walls={map.walls.length}
      data-zones={map.zones.length}
      data-erasers={map.erasers.length}
      data-flags={map.flags.length}
      data-draft={draft.length}
    >
      <Space wrap className="cf-map-editor-tools">
        <Radio.Group
          value={tool}
          optionType="button"
          onChange={(event) => {
            setDraft([]);
            setTool(event.target.value as Tool);
          }}
          options={(['select', 'wall', 'zone', 'eraser', 'flag'] as const).map((value) => ({
            value,
            label: <span data-testid={`editor-tool-${value}`}>{t(`map.editor.tools.${value}`)}</span>,
          }))}
        />
        <Button onClick={finishDraft} disabled={draft.length === 0} data-testid="editor-finish">
          {t('map.editor.finish')}
        </Button>
        <Button onClick={deleteSelected} disabled={!selected} danger data-testid="editor-delete">
          {t('map.editor.deleteSelected')}
        </Button>
        <Button onClick={() => setHistory(undo)} disabled={history.past.length === 0} data-testid="editor-undo">
          {t('map.editor.undo')}
        </Button>
        <Button onClick={() => setHistory(redo)} disabled={history.future.length === 0} data-testid="editor-redo">
          {t('map.editor.redo')}
        </Button>
        <Button onClick={refit} data-testid="editor-fit">
          {t('map.editor.fit')}
        </Button>
        <Tooltip title={found.length ? undefined : null}>
          <Button type="primary" onClick={onSave} disabled={found.length > 0} loading={save.isPending} data-testid="editor-save">
            {t('map.editor.save')}
          </Button>
        </Tooltip>
      </Space>
      {runningTask && (
        <Alert
          type="warning"
          showIcon
          data-testid="editor-running"
          message={t('map.editor.running', { task: runningTask })}
          action={
            can(`${TASKS}/run`) && (
              <Button size="small" danger loading={stop.isPending} onClick={askStop} data-testid="editor-stop-tasks">
                {t('map.editor.stopTasks')}
              </Button>
            )
          }
        />
      )}
      <div className="cf-map-editor-hint" data-testid="editor-hint">
        {hint}
      </div>
      {found.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="editor-problems"
          message={found
            .map((p) => t(`map.editor.problems.${p.problem}`, { kind: t(`map.editor.kinds.${p.kind}`), n: p.index + 1 }))
            .join('; ')}
        />
      )}
      <div className="cf-map-editor-body">
        <div ref={setBox} className="cf-map-editor-stage" data-testid="editor-stage">
          <Stage
            width={width}
            height={STAGE_HEIGHT}
            scaleX={scale}
            scaleY={scale}
            x={view.x}
            y={view.y}
            draggable={tool === 'select'}
            onDragEnd={(event) => {
              const stage = event.target;
              if (stage === stage.getStage()) move(() => ({ scale, x: stage.x(), y: stage.y() }));
            }}
            onWheel={onWheel}
            onClick={onStageClick}
          >
            <Layer listening={false} imageSmoothingEnabled={false}>
              {image && <KonvaImage image={image} name="picture" width={frame.width} height={frame.height} perfectDrawEnabled={false} />}
            </Layer>
            <Layer ref={shapesRef} onClick={onMarkClick} onDragEnd={onMarkDragEnd}>
              {shapes}
              {flags.map(({ f, index, px, py, picked }) => (
                <Group key={`flag-${index}`} id={`flags:${index}`} name="mark" x={px} y={py} scaleX={1 / scale} scaleY={1 / scale} draggable={selecting} listening={selecting}>
                  <Circle radius={6} fill={FLAG_COLOURS[f.type] ?? FLAG_COLOURS[0]} stroke={picked ? '#faad14' : '#fff'} strokeWidth={STROKE} perfectDrawEnabled={false} />
                  <Text text={f.name} fontSize={12} x={8} y={-6} fill="#262626" perfectDrawEnabled={false} />
                </Group>
              ))}
              {draft.length > 0 && tool !== 'select' && tool !== 'flag' && (
                <Line
                  points={flat(frame, draft)}
                  stroke={STYLE[KIND_OF_TOOL[tool]].stroke}
                  strokeWidth={STROKE}
                  strokeScaleEnabled={false}
                  dash={[6, 4]}
                  closed={tool !== 'wall'}
                  listening={false}
                />
              )}
              {draft[0] && (tool === 'zone' || tool === 'eraser') && (
                // where a click closes the shape
                <Circle
                  name="draft-first"
                  x={toPixel(frame, draft[0])[0]}
                  y={toPixel(frame, draft[0])[1]}
                  radius={SAME_POINT_PX / scale}
                  stroke={STYLE[KIND_OF_TOOL[tool]].stroke}
                  strokeWidth={STROKE}
                  strokeScaleEnabled={false}
                  listening={false}
                />
              )}
            </Layer>
          </Stage>
        </div>
        {flag && selected && (
          <div className="cf-map-editor-side" data-testid="editor-flag">
            <label>
              {t('map.editor.flagName')}
              <Input value={flag.name} count={{ show: true, max: 64 }} onChange={(event) => change(updateFlag(map, selected.index, { name: event.target.value }))} data-testid="editor-flag-name" />
            </label>
            <label>
              {t('map.editor.flagType')}
              <Select
                value={flag.type}
                onChange={(type) => change(updateFlag(map, selected.index, { type }))}
                options={([0, 1, 2, 3] as const).map((value) => ({ value, label: t(`map.editor.flagTypes.${value}`) }))}
              />
            </label>
          </div>
        )}
      </div>
    </div>
  );
}
