import { Button, Spin } from 'antd';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, Image as KonvaImage, Layer, Line, Stage } from 'react-konva';
import { SavedMarks } from '@/components/map-marks';
import { useElementSize, useMapView, zoomAround } from '@/lib/map-view';
import { flatPixels, metresOf, pixelOf, type MapFrame, type Point } from '../lib/geometry';

interface TaskMapProps {
  frame: MapFrame | undefined;
  image: ImageBitmap | undefined;
  /** The widest the map is drawn (narrower when its box is). */
  width: number;
  /** The tallest the map is drawn (a tall map is fitted to this height). */
  maxHeight?: number;
  /** The map's saved virtual walls and forbidden zones ([[x, y], ...] each). */
  walls?: readonly number[][][];
  zones?: readonly number[][][];
  /** Zones to show as in the way (their indexes in `zones`). */
  zonesHit?: readonly number[];
  /** The task's area (closed), as drawn so far. */
  area?: Point[];
  start?: Point | null;
  /** A planned or driven path. */
  path?: Point[];
  /** Where the robot is now. */
  robot?: Point | null;
  onPick?: (point: Point) => void;
  /** Wheel zoom and drag pan, with a Fit button. */
  zoomable?: boolean;
  testId?: string;
}

const AREA = '#017465';
const MAX_FIT = 2;
const ZOOM_STEP = 1.2;
const MAX_ZOOM = 20;

const asPoints = (points: number[][]): Point[] => points.map(([x = 0, y = 0]) => [x, y]);

/**
 * A robot map picture with its saved walls and forbidden zones (drawn as the map editor draws them), a task's
 * area, start point, a path and the robot. It opens fitted: the whole map within its box's width and `maxHeight`,
 * and stays fitted as the box resizes until the user zooms or pans (`zoomable`).
 */
export function TaskMap({ frame, image, width, maxHeight = 520, walls = [], zones = [], zonesHit = [], area = [], start = null, path = [], robot = null, onPick, zoomable = false, testId }: TaskMapProps) {
  const { t } = useTranslation();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const boxWidth = Math.min(width, useElementSize(box, { width, height: 0 }).width || width);
  const picture = { width: frame?.width ?? 1, height: frame?.height ?? 1 };
  const fit = Math.min(MAX_FIT, boxWidth / picture.width, maxHeight / picture.height);
  const stageSize = { width: Math.round(picture.width * fit), height: Math.round(picture.height * fit) };
  const { view, fitted, isFitted, move, refit } = useMapView(picture, stageSize, MAX_FIT);

  const pick = (event: KonvaEventObject<MouseEvent>) => {
    const at = event.target.getStage()?.getRelativePointerPosition();
    if (at && onPick && frame) onPick(metresOf(frame, [at.x, at.y]));
  };
  const wheel = (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const at = event.target.getStage()?.getPointerPosition();
    if (at) move((shown) => zoomAround(shown, at, event.evt.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, fitted.scale, MAX_ZOOM));
  };

  const scale = view.scale;
  const startAt = frame && start ? pixelOf(frame, start) : null;
  const robotAt = frame && robot ? pixelOf(frame, robot) : null;
  return (
    <div
      ref={setBox}
      data-testid={testId}
      data-fitted={isFitted ? 'true' : 'false'}
      data-zones={zones.length}
      data-walls={walls.length} style={{ cursor: onPick ? 'crosshair' : 'default', position: 'relative' }}>
      {!frame || !image ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <>
          <Stage
            width={stageSize.width}
            height={stageSize.height}
            scaleX={scale}
            scaleY={scale}
            x={view.x}
            y={view.y}
            draggable={zoomable}
            onDragEnd={(event) => {
              const stage = event.target;
              if (stage === stage.getStage()) move(() => ({ scale, x: stage.x(), y: stage.y() }));
            }}
            onWheel={zoomable ? wheel : undefined}
            onClick={pick}
          >
            <Layer listening={false}>
              <KonvaImage image={image} width={frame.width} height={frame.height} />
              <SavedMarks walls={walls} zones={zones} picked={zonesHit} toPixels={(points) => flatPixels(frame, asPoints(points))} />
              {area.length > 0 ? (
                <Line points={flatPixels(frame, area)} closed={area.length > 2} stroke={AREA} strokeWidth={2} strokeScaleEnabled={false} fill="rgba(1, 116, 101, 0.18)" />
              ) : null}
              {area.map((p, i) => {
                const [x, y] = pixelOf(frame, p);
                return <Circle key={i} x={x} y={y} radius={3 / scale} fill={AREA} />;
              })}
              {path.length > 1 ? <Line points={flatPixels(frame, path)} stroke="#d46b08" strokeWidth={1.5} strokeScaleEnabled={false} /> : null}
              {startAt ? <Circle x={startAt[0]} y={startAt[1]} radius={5 / scale} fill="#389e0d" stroke="#fff" strokeWidth={1} strokeScaleEnabled={false} /> : null}
              {robotAt ? <Circle x={robotAt[0]} y={robotAt[1]} radius={6 / scale} fill="#1677ff" stroke="#fff" strokeWidth={1.5} strokeScaleEnabled={false} /> : null}
            </Layer>
          </Stage>
          {zoomable && !isFitted ? (
            <Button size="small" onClick={refit} style={{ position: 'absolute', top: 8, insetInlineEnd: 8 }} data-testid={testId ? `${testId}-fit` : undefined}>
              {t('task.draw.fit')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
