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
import { Modal, Spin } from 'antd';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Image as KonvaImage, Layer, Stage } from 'react-konva';
import { useTranslation } from 'react-i18next';
import type { RelayTarget } from '@/api/relay';
import { MarkShape } from '@/components/map-marks';
import { useElementSize, useMapView } from '@/lib/map-view';
import { useCan } from '@/lib/use-can';
import { useMapBitmap, useMapInfo, type MapInfo } from '../api/robot-maps';
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
import { useEditorKeys, useRobotCommands, useWheelZoom } from '../lib/use-editor';
import { DraftMarks, EditorNotices, EditorToolbar, FlagMarks, FlagPanel, flat, KIND_OF_TOOL, type Tool } from './map-editor-parts';

type Selection = { kind: ShapeKind | 'flags'; index: number } | null;

const STAGE_HEIGHT = 600;
const TASKS = 'device/taskList';

function drawingOf(info: MapInfo): EditableMap {
  return {
    walls: info.virlines_wall ?? [],
    zones: info.forbidden_zone ?? [],
    erasers: info.free_area ?? [],
    flags: (info.flags ?? []).map(({ name, x, y, yaw, type }) => ({ name, x, y, yaw, type })),
  };
}

/** The drawing after a mark was dragged: a flag to where it was dropped, a shape by how far it moved. */
function dropped(map: EditableMap, frame: Frame, hit: NonNullable<Selection>, node: Konva.Node): EditableMap {
  if (hit.kind === 'flags') {
    const [x, y] = toMetres(frame, [node.x(), node.y()]);
    return updateFlag(map, hit.index, { x, y });
  }
  const dx = node.x() * frame.resolution;
  const dy = -node.y() * frame.resolution;
  node.position({ x: 0, y: 0 });
  return moveShape(map, hit.kind, hit.index, dx, dy);
}

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
  const frame: Frame = info;
  const image = useMapBitmap(target, info.map_name, info.version);
  const can = useCan();
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
  const map = history.present;
  const found = useMemo(() => problems(map, frame), [map, frame]);
  const robot = useRobotCommands({ target, info, map, canSeeTasks: can(TASKS), onSaved: onClose, onRefusedShape: setSelected });
  const onWheel = useWheelZoom(shapesRef, move, fitted.scale);

  const change = useCallback((next: EditableMap) => setHistory((h) => record(h, next)), []);
  /** Ends the shape being drawn; with too few points yet (a quick double click) it goes on drawing. */
  const finishDraft = useCallback(() => {
    if (tool === 'select' || tool === 'flag' || draft.length < (tool === 'wall' ? 2 : 3)) return;
    change(addShape(map, KIND_OF_TOOL[tool], draft));
    setDraft([]);
  }, [tool, draft, map, change]);
  const clearDraft = useCallback(() => setDraft([]), []);
  useEditorKeys(finishDraft, clearDraft, setHistory);

  const onStageClick = (event: KonvaEventObject<MouseEvent>) => {
    if (tool === 'select') {
      if (event.target === event.target.getStage()) setSelected(null);
      return;
    }
    const stagePoint = event.target.getStage()?.getRelativePointerPosition();
    if (!stagePoint) return;
    const at = toMetres(frame, [stagePoint.x, stagePoint.y]);
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

  const deleteSelected = () => {
    if (!selected) return;
    change(selected.kind === 'flags' ? removeFlag(map, selected.index) : removeShape(map, selected.kind, selected.index));
    setSelected(null);
  };

  const flag = selected?.kind === 'flags' ? map.flags[selected.index] : undefined;
  const hint = t(`map.editor.hints.${tool === 'select' || tool === 'flag' ? tool : 'draw'}`, { finish: t('map.editor.finish'), fit: t('map.editor.fit') });
  const selecting = tool === 'select';
  const marks = useMarks(map, frame, selected, selecting);

  const onMarkClick = (event: KonvaEventObject<MouseEvent>) => {
    const hit = hitOf(event);
    if (hit && selecting) setSelected(hit);
  };
  const onMarkDragEnd = (event: KonvaEventObject<DragEvent>) => {
    const hit = hitOf(event);
    if (hit) change(dropped(map, frame, hit, event.target));
  };

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
      <EditorToolbar
        tool={tool}
        onTool={(next) => {
          setDraft([]);
          setTool(next);
        }}
        canFinish={draft.length > 0}
        onFinish={finishDraft}
        canDelete={!!selected}
        onDelete={deleteSelected}
        canUndo={history.past.length > 0}
        onUndo={() => setHistory(undo)}
        canRedo={history.future.length > 0}
        onRedo={() => setHistory(redo)}
        onFit={refit}
        canSave={found.length === 0}
        saving={robot.saving}
        onSave={robot.askSave}
      />
      <EditorNotices
        runningTask={robot.runningTask}
        canStop={can(`${TASKS}/run`)}
        stopping={robot.stopping}
        onStop={robot.askStop}
        hint={hint}
        problems={found.map((p) => t(`map.editor.problems.${p.problem}`, { kind: t(`map.editor.kinds.${p.kind}`), n: p.index + 1 }))}
      />
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
              {marks.shapes}
              <FlagMarks flags={marks.flags} scale={scale} selecting={selecting} />
              <DraftMarks draft={draft} tool={tool} frame={frame} scale={scale} />
            </Layer>
          </Stage>
        </div>
        {flag && selected && <FlagPanel flag={flag} onChange={(fields) => change(updateFlag(map, selected.index, fields))} />}
      </div>
    </div>
  );
}

/** The marks as Konva nodes; they do not change with the view, so panning and zooming re-render none of them. */
function useMarks(map: EditableMap, frame: Frame, selected: Selection, selecting: boolean) {
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
  return { shapes, flags };
}
