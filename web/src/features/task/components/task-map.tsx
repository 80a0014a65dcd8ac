import { Spin } from 'antd';
import type { KonvaEventObject } from 'konva/lib/Node';
import { Circle, Image as KonvaImage, Layer, Line, Stage } from 'react-konva';
import { flatPixels, metresOf, pixelOf, type MapFrame, type Point } from '../lib/geometry';

interface TaskMapProps {
  frame: MapFrame | undefined;
  image: ImageBitmap | undefined;
  width: number;
  /** The task's area (closed), as drawn so far. */
  area?: Point[];
  start?: Point | null;
  /** A planned or driven path. */
  path?: Point[];
  /** Where the robot is now. */
  robot?: Point | null;
  onPick?: (point: Point) => void;
  testId?: string;
}

/** A robot map picture with a task's area, start point, a path and the robot, scaled to the width given. */
export function TaskMap({ frame, image, width, area = [], start = null, path = [], robot = null, onPick, testId }: TaskMapProps) {
  if (!frame || !image) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const scale = Math.min(2, width / frame.width);
  const pick = (event: KonvaEventObject<MouseEvent>) => {
    const stage = event.target.getStage();
    const at = stage?.getPointerPosition();
    if (at && onPick) onPick(metresOf(frame, [at.x / scale, at.y / scale]));
  };
  const startAt = start ? pixelOf(frame, start) : null;
  const robotAt = robot ? pixelOf(frame, robot) : null;
  return (
    <div data-testid={testId} style={{ cursor: onPick ? 'crosshair' : 'default' }}>
      <Stage width={frame.width * scale} height={frame.height * scale} scaleX={scale} scaleY={scale} onClick={pick}>
        <Layer>
          <KonvaImage image={image} width={frame.width} height={frame.height} />
          {area.length > 0 ? (
            <Line points={flatPixels(frame, area)} closed={area.length > 2} stroke="#017465" strokeWidth={2 / scale} fill="rgba(1, 116, 101, 0.18)" />
          ) : null}
          {area.map((p, i) => {
            const [x, y] = pixelOf(frame, p);
            return <Circle key={i} x={x} y={y} radius={3 / scale} fill="#017465" />;
          })}
          {path.length > 1 ? <Line points={flatPixels(frame, path)} stroke="#d46b08" strokeWidth={1.5 / scale} /> : null}
          {startAt ? <Circle x={startAt[0]} y={startAt[1]} radius={5 / scale} fill="#389e0d" stroke="#fff" strokeWidth={1 / scale} /> : null}
          {robotAt ? <Circle x={robotAt[0]} y={robotAt[1]} radius={6 / scale} fill="#1677ff" stroke="#fff" strokeWidth={1.5 / scale} /> : null}
        </Layer>
      </Stage>
    </div>
  );
}
