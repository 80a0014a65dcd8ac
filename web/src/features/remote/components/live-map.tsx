import { AimOutlined, ExpandOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Empty, Space, Spin, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { KonvaEventObject } from 'konva/lib/Node';
import { Arrow, Circle, Group, Image as KonvaImage, Layer, Line, Rect, Shape, Stage } from 'react-konva';
import { useTranslation } from 'react-i18next';
import { SavedMarks } from '@/components/map-marks';
import { useMapImage, useMapInfo, useRadar, useRobotCommand, useTrack } from '../api/robot-calls';
import type { PoseAnswer } from '../api/robot-answers';
import { usePinchZoom } from '../lib/pinch-zoom';
import { extendTrail, fitScale, headingDegrees, pathPixels, toMetres, toPixel, TRAIL_POINTS } from '../lib/map-geometry';
import { useRemote } from './remote-context';

const MAX_HEIGHT = 560;
const RELOCATE_BOX_M = 3;
const PILE_TYPE = 1;

/** The width of an element (given through a callback ref, so one mounted later is measured too). */
function useWidth(element: HTMLDivElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

interface Trail {
  track: unknown;
  pose: PoseAnswer | undefined;
  points: [number, number][];
}

/** The recent path: the track the map came with, then each polled pose (kept from render to render). */
function useTrail(track: [number, number][] | undefined, pose: PoseAnswer | undefined): [number, number][] {
  const [trail, setTrail] = useState<Trail>({ track: undefined, pose: undefined, points: [] });
  if (trail.track === track && trail.pose === pose) return trail.points;
  let points = trail.track === track ? trail.points : (track ?? []).slice(-TRAIL_POINTS);
  if (pose && Number.isFinite(pose.x) && Number.isFinite(pose.y)) points = extendTrail(points, pose);
  // Adjusting state while rendering (React's pattern for values derived from changing props).
  setTrail({ track, pose, points });
  return points;
}

/** Relocation on the map: on while the user picks a point; the point asked about (drawn until the question closes). */
function useRelocate() {
  const { t } = useTranslation();
  const { robot } = useRemote();
  const { modal } = App.useApp();
  const command = useRobotCommand(robot);
  const [relocating, setRelocating] = useState(false);
  const [pick, setPick] = useState<{ x: number; y: number } | null>(null);
  const askRelocate = (at: { x: number; y: number }) => {
    setPick(at);
    const half = RELOCATE_BOX_M / 2;
    modal.confirm({
      title: t('remote.map.relocateConfirm', { x: at.x.toFixed(1), y: at.y.toFixed(1) }),
      onOk: () =>
        command
          .mutateAsync({ call: 'recover_localization', body: { x: at.x - half, y: at.y - half, w: RELOCATE_BOX_M, h: RELOCATE_BOX_M } })
          .then(() => setRelocating(false))
          .catch(() => undefined),
      afterClose: () => setPick(null),
    });
  };
  return { relocating, setRelocating, pick, askRelocate };
}

/**
 * The robot's current map (api2/map_info and its picture through the relay) with the robot's pose
 * and heading, its recent path (the track so far, then each polled pose), the charging pile and,
 * when asked, the radar points. Relocation: click where the robot stands (recover_localization
 * over a 3 m box around the click). Two fingers pinch-zoom it, one finger drags it once zoomed
 * (lib/pinch-zoom.ts, pointer events); "Fit" shows the whole map again.
 */
export function LiveMap({ pose, compact = false }: { pose: PoseAnswer | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  const { robot } = useRemote();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useWidth(box);
  const mapName = pose?.map_name || undefined;
  const info = useMapInfo(robot, mapName);
  const image = useMapImage(robot, info.data);
  const track = useTrack(robot, info.data);
  const [showRadar, setShowRadar] = useState(!compact);
  const [showPath, setShowPath] = useState(true);
  const radar = useRadar(robot, showRadar && info.data !== undefined);
  const trail = useTrail(track.data?.points, pose);
  const { relocating, setRelocating, pick, askRelocate } = useRelocate();
  const frame = info.data;
  const scale = frame ? fitScale(frame, width, MAX_HEIGHT) : 1;
  const zoom = usePinchZoom({ width: (frame?.width ?? 0) * scale, height: (frame?.height ?? 0) * scale });
  const radarShape = useMemo(() => {
    if (!frame || !radar.data?.points) return [];
    return radar.data.points.map(([x, y]) => toPixel(frame, x, y));
  }, [frame, radar.data]);

  if (!pose) return <Spin />;
  if (!mapName) return <Empty description={t('remote.map.noMap')} />;
  if (info.isError || image.isError) return <Alert type="warning" showIcon message={t('remote.map.failed')} />;

  const robotAt = frame ? toPixel(frame, pose.x, pose.y) : null;
  const pile = frame?.flags?.find((f) => f.type === PILE_TYPE);
  const pileAt = frame && pile ? toPixel(frame, pile.x, pile.y) : null;
  // Marks keep a readable size on screen whatever the map's scale (sizes in map pixels).
  const resolution = frame?.resolution ?? 0.05;
  const dot = Math.max(0.08 / resolution, 2.5 / scale);
  const body = Math.max(0.3 / resolution, 8 / scale);

  // a tap or click where the robot stands, in map pixels whatever the zoom (a drag of the map is no pick)
  const onPick = (e: KonvaEventObject<Event>) => {
    if (!relocating || !frame || zoom.wasDrag()) return;
    const p = e.target.getStage()?.getPointerPosition();
    const k = scale * zoom.view.scale;
    if (p) askRelocate(toMetres(frame, (p.x - zoom.view.x) / k, (p.y - zoom.view.y) / k));
  };

  return (
    <div className="cf-remote-map" data-testid="live-map" data-map={mapName} data-loaded={image.data ? 'true' : 'false'}>
      <MapTools
        showRadar={showRadar}
        onShowRadar={setShowRadar}
        showPath={showPath}
        onShowPath={setShowPath}
        relocating={relocating}
        onRelocating={setRelocating}
        zoomed={zoom.view.scale > 1}
        onFit={zoom.reset}
      />
      {/* a fitted map lets a finger scroll the page (pan-y); zoomed, one finger drags the map */}
      <div
        ref={setBox}
        className="cf-remote-map__canvas"
        style={{ cursor: relocating ? 'crosshair' : 'default', touchAction: zoom.view.scale > 1 ? 'none' : 'pan-y' }}
        data-zoom={zoom.view.scale.toFixed(2)}
        {...zoom.handlers}
      >
        {!frame || !image.data || width === 0 ? (
          <div className="cf-remote-map__loading">
            <Space>
              <Spin />
              <span>{t('remote.map.loading')}</span>
            </Space>
          </div>
        ) : (
          <Stage
            width={frame.width * scale}
            height={frame.height * scale}
            scaleX={scale * zoom.view.scale}
            scaleY={scale * zoom.view.scale}
            x={zoom.view.x}
            y={zoom.view.y}
            onClick={onPick}
            onTap={onPick}
          >
            <Layer listening={relocating}>
              <KonvaImage image={image.data} width={frame.width} height={frame.height} />
            </Layer>
            <Layer listening={false}>
              <SavedMarks
                walls={frame.virlines_wall ?? []}
                zones={frame.forbidden_zone ?? []}
                toPixels={(points) => pathPixels(frame, points.map(([x = 0, y = 0]) => [x, y] as const))}
              />
              {showPath && trail.length > 1 ? (
                <Line points={pathPixels(frame, trail)} stroke="#1677ff" strokeWidth={Math.max(1.5, 0.08 / frame.resolution)} opacity={0.7} lineCap="round" lineJoin="round" />
              ) : null}
              {showRadar && radarShape.length ? (
                <Shape
                  sceneFunc={(ctx, shape) => {
                    ctx.beginPath();
                    for (const p of radarShape) ctx.rect(p.x - dot / 2, p.y - dot / 2, dot, dot);
                    ctx.fillStrokeShape(shape);
                  }}
                  fill="#52c41a"
                />
              ) : null}
              {pileAt ? <Rect x={pileAt.x - body / 2} y={pileAt.y - body / 2} width={body} height={body} fill="#faad14" stroke="#ad6800" strokeWidth={1} cornerRadius={2} /> : null}
              {pick ? (
                <Rect
                  x={toPixel(frame, pick.x - RELOCATE_BOX_M / 2, pick.y + RELOCATE_BOX_M / 2).x}
                  y={toPixel(frame, pick.x - RELOCATE_BOX_M / 2, pick.y + RELOCATE_BOX_M / 2).y}
                  width={RELOCATE_BOX_M / frame.resolution}
                  height={RELOCATE_BOX_M / frame.resolution}
                  stroke="#722ed1"
                  dash={[6, 4]}
                />
              ) : null}
              {robotAt ? (
                <Group x={robotAt.x} y={robotAt.y} rotation={headingDegrees(pose.yaw)}>
                  <Circle radius={body} fill="#ff4d4f" stroke="#ffffff" strokeWidth={2} opacity={pose.localized === 0 ? 0.5 : 1} />
                  <Arrow points={[0, 0, body * 2.4, 0]} pointerLength={body * 0.8} pointerWidth={body * 0.9} fill="#a8071a" stroke="#a8071a" strokeWidth={2} />
                </Group>
              ) : null}
            </Layer>
          </Stage>
        )}
      </div>
    </div>
  );
}

interface ToolsProps {
  showRadar: boolean;
  onShowRadar(on: boolean): void;
  showPath: boolean;
  onShowPath(on: boolean): void;
  relocating: boolean;
  onRelocating(change: (on: boolean) => boolean): void;
  zoomed: boolean;
  onFit(): void;
}

/** The map's tools: radar and path shown or not, relocation on the map, and "Fit" while zoomed. */
function MapTools({ showRadar, onShowRadar, showPath, onShowPath, relocating, onRelocating, zoomed, onFit }: ToolsProps) {
  const { t } = useTranslation();
  const { canCommand } = useRemote();
  return (
    <Space wrap className="cf-remote-map__tools cf-touch">
      <Checkbox checked={showRadar} onChange={(e) => onShowRadar(e.target.checked)} data-testid="toggle-radar">
        {t('remote.map.showRadar')}
      </Checkbox>
      <Checkbox checked={showPath} onChange={(e) => onShowPath(e.target.checked)}>
        {t('remote.map.showPath')}
      </Checkbox>
      <Tooltip title={relocating ? t('remote.map.relocateHint') : undefined} open={relocating || undefined}>
        <Button size="small" icon={<AimOutlined />} type={relocating ? 'primary' : 'default'} disabled={!canCommand} onClick={() => onRelocating((on) => !on)} data-testid="relocate-on-map">
          {t('remote.map.relocateHere')}
        </Button>
      </Tooltip>
      {zoomed ? (
        <Button size="small" icon={<ExpandOutlined />} onClick={onFit} data-testid="map-fit">
          {t('remote.map.fit')}
        </Button>
      ) : null}
    </Space>
  );
}
