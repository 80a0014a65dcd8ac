/** The map editor's panels around its drawing (map-editor.tsx): the tool bar, the notices, the flag's fields and
 * the shape being drawn. */
import { Alert, Button, Input, Radio, Select, Space, Tooltip } from 'antd';
import { Circle, Group, Line, Text } from 'react-konva';
import { useTranslation } from 'react-i18next';
import { MARK_STROKE as STROKE, MARK_STYLE as STYLE } from '@/components/map-marks';
import { SAME_POINT_PX, toPixel, type Frame, type FlagShape, type Pt, type ShapeKind } from '../lib/editor-state';

const FLAG_COLOURS = ['#595959', '#1677ff', '#722ed1', '#13c2c2'];

export type Tool = 'select' | 'wall' | 'zone' | 'eraser' | 'flag';
export const KIND_OF_TOOL: Record<'wall' | 'zone' | 'eraser', ShapeKind> = { wall: 'walls', zone: 'zones', eraser: 'erasers' };
export const flat = (frame: Frame, points: Pt[]) => points.flatMap((p) => toPixel(frame, p));

interface ToolbarProps {
  tool: Tool;
  onTool: (tool: Tool) => void;
  canFinish: boolean;
  onFinish: () => void;
  canDelete: boolean;
  onDelete: () => void;
  canUndo: boolean;
  onUndo: () => void;
  canRedo: boolean;
  onRedo: () => void;
  onFit: () => void;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
}

export function EditorToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <Space wrap className="cf-map-editor-tools">
      <Radio.Group
        value={props.tool}
        optionType="button"
        onChange={(event) => props.onTool(event.target.value as Tool)}
        options={(['select', 'wall', 'zone', 'eraser', 'flag'] as const).map((value) => ({
          value,
          label: <span data-testid={`editor-tool-${value}`}>{t(`map.editor.tools.${value}`)}</span>,
        }))}
      />
      <Button onClick={props.onFinish} disabled={!props.canFinish} data-testid="editor-finish">
        {t('map.editor.finish')}
      </Button>
      <Button onClick={props.onDelete} disabled={!props.canDelete} danger data-testid="editor-delete">
        {t('map.editor.deleteSelected')}
      </Button>
      <Button onClick={props.onUndo} disabled={!props.canUndo} data-testid="editor-undo">
        {t('map.editor.undo')}
      </Button>
      <Button onClick={props.onRedo} disabled={!props.canRedo} data-testid="editor-redo">
        {t('map.editor.redo')}
      </Button>
      <Button onClick={props.onFit} data-testid="editor-fit">
        {t('map.editor.fit')}
      </Button>
      <Tooltip title={props.canSave ? null : undefined}>
        <Button type="primary" onClick={props.onSave} disabled={!props.canSave} loading={props.saving} data-testid="editor-save">
          {t('map.editor.save')}
        </Button>
      </Tooltip>
    </Space>
  );
}

interface NoticesProps {
  runningTask: string | null;
  canStop: boolean;
  stopping: boolean;
  onStop: () => void;
  hint: string;
  problems: string[];
}

/** The task running on the map (with Stop), the tool's hint, and the rules the drawing breaks. */
export function EditorNotices({ runningTask, canStop, stopping, onStop, hint, problems }: NoticesProps) {
  const { t } = useTranslation();
  return (
    <>
      {runningTask && (
        <Alert
          type="warning"
          showIcon
          data-testid="editor-running"
          message={t('map.editor.running', { task: runningTask })}
          action={
            canStop && (
              <Button size="small" danger loading={stopping} onClick={onStop} data-testid="editor-stop-tasks">
                {t('map.editor.stopTasks')}
              </Button>
            )
          }
        />
      )}
      <div className="cf-map-editor-hint" data-testid="editor-hint">
        {hint}
      </div>
      {problems.length > 0 && <Alert type="error" showIcon data-testid="editor-problems" message={problems.join('; ')} />}
    </>
  );
}

/** The selected flag's name and type. */
export function FlagPanel({ flag, onChange }: { flag: FlagShape; onChange: (change: Partial<FlagShape>) => void }) {
  const { t } = useTranslation();
  return (
    <div className="cf-map-editor-side" data-testid="editor-flag">
      <label>
        {t('map.editor.flagName')}
        <Input value={flag.name} count={{ show: true, max: 64 }} onChange={(event) => onChange({ name: event.target.value })} data-testid="editor-flag-name" />
      </label>
      <label>
        {t('map.editor.flagType')}
        <Select
          value={flag.type}
          onChange={(type) => onChange({ type })}
          options={([0, 1, 2, 3] as const).map((value) => ({ value, label: t(`map.editor.flagTypes.${value}`) }))}
        />
      </label>
    </div>
  );
}

/** The shape being drawn (dashed), and for an area the circle where a click closes it. */
export function DraftMarks({ draft, tool, frame, scale }: { draft: Pt[]; tool: Tool; frame: Frame; scale: number }) {
  if (draft.length === 0 || tool === 'select' || tool === 'flag') return null;
  const style = STYLE[KIND_OF_TOOL[tool]];
  const first = toPixel(frame, draft[0]!);
  return (
    <>
      <Line points={flat(frame, draft)} stroke={style.stroke} strokeWidth={STROKE} strokeScaleEnabled={false} dash={[6, 4]} closed={tool !== 'wall'} listening={false} />
      {tool !== 'wall' && (
        <Circle name="draft-first" x={first[0]} y={first[1]} radius={SAME_POINT_PX / scale} stroke={style.stroke} strokeWidth={STROKE} strokeScaleEnabled={false} listening={false} />
      )}
    </>
  );
}

interface PlacedFlag {
  f: FlagShape;
  index: number;
  px: number;
  py: number;
  picked: boolean;
}

/** The flags, kept at their screen size at every zoom (counter-scaled), named beside their dot. */
export function FlagMarks({ flags, scale, selecting }: { flags: PlacedFlag[]; scale: number; selecting: boolean }) {
  return flags.map(({ f, index, px, py, picked }) => (
    <Group key={`flag-${index}`} id={`flags:${index}`} name="mark" x={px} y={py} scaleX={1 / scale} scaleY={1 / scale} draggable={selecting} listening={selecting}>
      <Circle radius={6} fill={FLAG_COLOURS[f.type] ?? FLAG_COLOURS[0]} stroke={picked ? '#faad14' : '#fff'} strokeWidth={STROKE} perfectDrawEnabled={false} />
      <Text text={f.name} fontSize={12} x={8} y={-6} fill="#262626" perfectDrawEnabled={false} />
    </Group>
  ));
}
