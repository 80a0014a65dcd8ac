import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { RelayTarget } from '@/api/relay';
import { mapPicture, useBlobSrc } from '../api/robot-maps';

/** A map's picture, small: the console's one copy of that version (the editor draws the same bytes). */
export function MapThumb({ target, path, name, version }: { target: RelayTarget; path: string; name: string; version: number }) {
  const picture = useQuery(mapPicture(target, name, version, path));
  const src = useBlobSrc(picture.data);
  if (!picture.data) return <PictureOutlined className="cf-map-thumb-empty" />;
  return <img ref={src} className="cf-map-thumb" alt={name} data-testid="map-thumb" />;
}
