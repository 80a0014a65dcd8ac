/**
 * A robot's map picture (its occupancy grid, a PNG the robot serves at `api2/image/<name>.png`), read through the
 * relay once per robot, map and version and kept in the query cache for the session (issue 12: a second open
 * makes no second transfer). The map screens (the list's thumbnail, the editor) and the sites' heat maps draw the
 * same bytes. It is asked with `?v=<version>` too, so the robot marks it immutable and the browser's HTTP cache
 * keeps it across reloads; the console does not rely on that cache alone (it may be off, full, or bypassed).
 */
import { queryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { relayBlob, type RelayTarget } from '@/api/relay';
import { mapKeys } from './keys';

export function mapImagePath(name: string, version: number): string {
  return `api2/image/${encodeURIComponent(name)}.png?v=${version}`;
}

/** How long a map picture nobody shows stays in the console's memory. */
const PICTURE_KEPT_MS = 30 * 60_000;

/**
 * A map's picture (its bytes) at one version: fetched once, then read from the query cache by every screen
 * that draws it. `path` is the record's imagePath when there is one (the same picture).
 */
export const mapPicture = (target: RelayTarget, name: string, version: number, path = mapImagePath(name, version)) =>
  queryOptions({
    queryKey: mapKeys.robot(target.deviceId, 'picture', name, version),
    queryFn: () => relayBlob(target, path, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: PICTURE_KEPT_MS,
    retry: false,
  });

/** A cached picture decoded off the main thread for a canvas; closed when the component goes or the picture changes. */
export function useBlobBitmap(blob: Blob | undefined): ImageBitmap | null {
  const [shown, setShown] = useState<{ blob: Blob; bitmap: ImageBitmap } | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    let bitmap: ImageBitmap | null = null;
    let stopped = false;
    void createImageBitmap(blob).then(
      (decoded) => {
        if (stopped) decoded.close();
        else {
          bitmap = decoded;
          setShown({ blob, bitmap: decoded });
        }
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      bitmap?.close();
    };
  }, [blob]);
  return shown && shown.blob === blob ? shown.bitmap : null;
}
