/**
 * The map editor's behaviour apart from its drawing (components/map-editor.tsx): the wheel zoom, the keyboard,
 * and saving to the robot or stopping its tasks, each with its feedback.
 */
import { App } from 'antd';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { RelayTarget } from '@/api/relay';
import { zoomAround, type MapView } from '@/lib/map-view';
import { useRobotWork, useStopTasks } from '../api/map-records';
import { useSaveDrawing, type MapInfo } from '../api/robot-maps';
import { redo, undo, type EditableMap, type History, type ShapeKind } from './editor-state';
import { refusedShape, robotErrorText } from './robot-error';

const MAX_ZOOM = 40;
const ZOOM_STEP = 1.2;
// the marks' hit graph waits this long after the last wheel turn
const ZOOM_SETTLE_MS = 200;

/**
 * Zoom around the cursor, one view change per frame however many wheel events came (a fast wheel sends several a
 * frame). While the wheel turns, the shapes' hit graph is not redrawn each frame.
 */
export function useWheelZoom(
  shapes: RefObject<Konva.Layer | null>,
  move: (change: (shown: MapView) => MapView) => void,
  fittedScale: number,
) {
  const wheelRef = useRef({ steps: 0, frame: 0, settle: 0, at: { x: 0, y: 0 } });
  useEffect(() => {
    const wheel = wheelRef.current;
    return () => {
      cancelAnimationFrame(wheel.frame);
      clearTimeout(wheel.settle);
    };
  }, []);
  return (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const at = event.target.getStage()?.getPointerPosition();
    if (!at) return;
    const wheel = wheelRef.current;
    wheel.steps += event.evt.deltaY < 0 ? 1 : -1;
    wheel.at = at;
    shapes.current?.listening(false);
    clearTimeout(wheel.settle);
    wheel.settle = window.setTimeout(() => {
      shapes.current?.listening(true);
      shapes.current?.batchDraw();
    }, ZOOM_SETTLE_MS);
    if (wheel.frame) return;
    wheel.frame = requestAnimationFrame(() => {
      const { steps, at: cursor } = wheel;
      wheel.frame = 0;
      wheel.steps = 0;
      move((shown) => zoomAround(shown, cursor, ZOOM_STEP ** steps, fittedScale / 4, MAX_ZOOM));
    });
  };
}

/** Escape drops the shape being drawn, Enter finishes it, Ctrl/⌘+Z undoes (with Shift redoes), Ctrl/⌘+Y redoes. */
export function useEditorKeys(finishDraft: () => void, clearDraft: () => void, setHistory: Dispatch<SetStateAction<History>>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') clearDraft();
      else if (event.key === 'Enter') finishDraft();
      else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') setHistory((h) => (event.shiftKey ? redo(h) : undo(h)));
      else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'y') setHistory(redo);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [finishDraft, clearDraft, setHistory]);
}

interface RobotCommands {
  target: RelayTarget;
  info: MapInfo;
  map: EditableMap;
  canSeeTasks: boolean;
  onSaved: () => void;
  /** A zone (wall, eraser) the robot refused: the editor selects it. */
  onRefusedShape: (shape: { kind: ShapeKind; index: number }) => void;
}

/**
 * The robot's side of the editor: the task running on this map (the banner), saving the drawing after a
 * confirmation, and stopping all tasks after another. A refused save keeps the drawing as it is, so the user may
 * stop the tasks and save again.
 */
export function useRobotCommands({ target, info, map, canSeeTasks, onSaved, onRefusedShape }: RobotCommands) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const save = useSaveDrawing(target);
  const work = useRobotWork(target.deviceId, canSeeTasks);
  const stop = useStopTasks(target.deviceId);
  const state = work.data;
  const runningTask =
    state && state.taskName && state.state !== 'idle' && (!state.mapName || state.mapName === info.map_name) ? state.taskName : null;
  const refused = (error: unknown) => {
    const text = robotErrorText(t, error);
    if (text) void message.error(text);
  };

  const askSave = () =>
    modal.confirm({
      title: t('map.editor.confirmSave'),
      onOk: () =>
        save.mutateAsync({ name: info.map_name, map }).then(
          () => {
            void message.success(t('map.editor.saved'));
            onSaved();
          },
          (error: unknown) => {
            refused(error);
            const shape = refusedShape(error);
            if (shape && shape.index < map[shape.kind].length) onRefusedShape(shape);
            if (canSeeTasks) void work.refetch();
          },
        ),
    });

  const askStop = () =>
    modal.confirm({
      title: t('map.editor.stopTitle'),
      content: t('map.editor.stopContent'),
      okText: t('map.editor.stopTasks'),
      okButtonProps: { danger: true },
      onOk: () => stop.mutateAsync().then(() => void message.success(t('map.editor.stopped')), refused),
    });

  return { runningTask, askSave, saving: save.isPending, askStop, stopping: stop.isPending };
}
