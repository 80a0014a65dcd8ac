/**
 * Map calls to the robot itself through the relay (api2/…, api-spec 7.9 "Maps"): building a map,
 * loading one, reading one for the editor and saving the editor's drawing.
 *
 * A map's picture comes through the relay once per robot, map and version (`mapPicture`, shared with the
 * sites' heat maps in `src/api/map/map-picture.ts`): the console keeps its bytes for the session and the
 * list's thumbnail and every open of the editor read them there (issue 12: a second open makes no second
 * transfer).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { relayBlob, relayCall, type RelayTarget, type RobotAnswer } from '@/api/relay';
import { mapImagePath, mapPicture, useBlobBitmap } from '@/api/map/map-picture';
import type { EditableMap, FlagShape, Pt } from '../lib/editor-state';
import { mapKeys } from '@/api/map/keys';

export { mapImagePath, mapPicture };

export interface RobotMapLink extends RelayTarget {
  name: string;
}

export interface MapInfo extends RobotAnswer {
  map_name: string;
  resolution: number;
  origin: number[];
  width: number;
  height: number;
  version: number;
  flags: FlagShape[];
  virlines_wall: Pt[][];
  forbidden_zone: Pt[][];
  free_area: Pt[][];
}

/** A picture through the relay, as an object URL (a picture that changes: the scan while building). */
export async function pictureUrl(target: RelayTarget, path: string): Promise<string> {
  return URL.createObjectURL(await relayBlob(target, path, { quiet: true }));
}

/**
 * A ref for an <img> showing a cached picture: its own object URL while the element lives (React 19
 * runs the returned cleanup when the element goes or the picture changes).
 */
export function useBlobSrc(blob: Blob | undefined) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !blob) return undefined;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

/** The cached picture decoded off the main thread for the editor's canvas; closed when the editor goes. */
export function useMapBitmap(target: RelayTarget, name: string, version: number): ImageBitmap | null {
  return useBlobBitmap(useQuery(mapPicture(target, name, version)).data);
}

export const useMapInfo = (target: RelayTarget, name: string) =>
  useQuery({
    queryKey: mapKeys.robot(target.deviceId, 'info', name),
    queryFn: () => relayCall<MapInfo>(target, 'api2/map_info', { body: { map_name: name }, quiet: true }),
    staleTime: 0,
    // The editor is keyed by the map's version: a read while it is open (focus, reconnect) must never
    // redraw it from the robot's copy and lose the user's unsaved shapes.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function robotCommand(target: RelayTarget, call: string, body?: Record<string, unknown>) {
  return relayCall(target, `api2/${call}`, { body, quiet: true });
}

/** Building a map: start (draw_new_map), save under a name (map_save) or cancel (cancel_map_builiding). */
export function useBuildCommand(target: RelayTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ call, body }: { call: 'draw_new_map' | 'map_save' | 'cancel_map_builiding'; body?: Record<string, unknown> }) =>
      robotCommand(target, call, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mapKeys.list(target.deviceId) }),
  });
}

export function useLoadMap(target: RelayTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => robotCommand(target, 'map_load', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mapKeys.list(target.deviceId) }),
  });
}

/** Saves the editor's drawing: walls, zones, erasers and the whole flag list (api2/map/CloudInfoUpdate). */
export function useSaveDrawing(target: RelayTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, map }: { name: string; map: EditableMap }) =>
      robotCommand(target, 'map/CloudInfoUpdate', {
        map_name: name,
        virlines_wall: map.walls,
        forbidden_zone: map.zones,
        free_area: map.erasers,
        flags: map.flags,
      }),
    onSuccess: (_answer, { name }) => {
      void queryClient.invalidateQueries({ queryKey: mapKeys.list(target.deviceId) });
      void queryClient.invalidateQueries({ queryKey: mapKeys.robot(target.deviceId, 'info', name) });
    },
  });
}
