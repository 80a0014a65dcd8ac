import { Slider, Typography } from 'antd';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clampCrop, drawCrop, zoomCrop, type Crop } from './crop';

export const VIEW = 240;

interface Props {
  image: HTMLImageElement;
  url: string;
  crop: Crop;
  onChange(crop: Crop): void;
}

/** A square viewport to drag and zoom the picture in, with the 60 × 60 result beside it. */
export function AvatarCropper({ image, url, crop, onChange }: Props) {
  const { t } = useTranslation();
  const preview = useRef<HTMLCanvasElement>(null);
  const [drag, setDrag] = useState<{ x: number; y: number; start: Crop } | null>(null);
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const scale = Math.max(VIEW / size.width, VIEW / size.height) * crop.zoom;

  useEffect(() => {
    if (preview.current) drawCrop(preview.current, image, crop, size, VIEW);
  });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ x: event.clientX, y: event.clientY, start: crop });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    // The viewport keeps left-to-right geometry in every language, so a drag follows the pointer.
    onChange(clampCrop({ ...drag.start, x: drag.start.x + event.clientX - drag.x, y: drag.start.y + event.clientY - drag.y }, size, VIEW));
  };

  return (
    <div className="cf-avatar-crop">
      <div>
        <div
          className="cf-avatar-crop__view"
          style={{ width: VIEW, height: VIEW }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => setDrag(null)}
          onPointerCancel={() => setDrag(null)}
          data-testid="avatar-crop"
          dir="ltr"
        >
          <img
            src={url}
            alt=""
            draggable={false}
            style={{ width: size.width * scale, height: size.height * scale, transform: `translate(${crop.x}px, ${crop.y}px)` }}
          />
        </div>
        <div className="cf-avatar-crop__zoom">
          <Typography.Text type="secondary">{t('user.avatar.zoom')}</Typography.Text>
          <Slider min={1} max={4} step={0.05} value={crop.zoom} onChange={(zoom) => onChange(zoomCrop(crop, zoom, size, VIEW))} tooltip={{ open: false }} />
        </div>
      </div>
      <div className="cf-avatar-crop__preview">
        <canvas ref={preview} width={60} height={60} data-testid="avatar-preview" />
        <Typography.Text type="secondary">{t('user.avatar.preview')}</Typography.Text>
      </div>
    </div>
  );
}
