import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { postFormWithProgress } from '@/api/upload';
import { versionKeys } from './keys';
import { softKeys } from './keys';

export type SoftVersion = DataOf<'/api/version/selectVersion'>['list'][number];
export type SoftFilters = BodyOf<'/api/version/selectVersion'>;
export type DeviceRangePage = DataOf<'/api/version/selectDeviceRange'>;
export type RangeRow = DeviceRangePage['list'][number];
export type RangeHistory = DataOf<'/api/version/selectHistoryDeviceRange'>[number];
export type SoftSent = DataOf<'/api/version/updateVersionTypeAndPublish'>;
export type AppVersion = DataOf<'/api/version/selectVersionApp'>[number];

export const useSoftVersions = (filters: SoftFilters) =>
  useQuery({ queryKey: softKeys.list(filters), queryFn: ({ signal }) => post('/api/version/selectVersion', filters, { signal }), placeholderData: keepPreviousData, staleTime: 3_000 });

export const useDeviceRange = (body: BodyOf<'/api/version/selectDeviceRange'>) =>
  useQuery({ queryKey: softKeys.range(body.versionId, body), queryFn: ({ signal }) => post('/api/version/selectDeviceRange', body, { signal }), placeholderData: keepPreviousData, staleTime: 2_000 });

export const useRangeHistory = (versionId: number) =>
  useQuery({ queryKey: softKeys.history(versionId), queryFn: ({ signal }) => post('/api/version/selectHistoryDeviceRange', { versionId }, { signal }) });

export const useAppVersions = (filters: BodyOf<'/api/version/selectVersionApp'>) =>
  useQuery({ queryKey: softKeys.apps(filters), queryFn: ({ signal }) => post('/api/version/selectVersionApp', filters, { signal }), placeholderData: keepPreviousData, staleTime: 3_000 });

/** A change refreshes every version list (counts, ranges, states). */
function useChange<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: versionKeys.all }) });
}

export interface SoftUpload {
  versionId?: number;
  name: string;
  typeId: number;
  version: string;
  description?: string;
  allowDowngrade: boolean;
  sha256?: string;
  file?: File;
}

/** The multipart form of insertVersion / updateVersion (an edit sends the file only when a new one was chosen). */
export function softForm(values: SoftUpload): FormData {
  const form = new FormData();
  if (values.versionId !== undefined) form.append('versionId', String(values.versionId));
  form.append('name', values.name);
  form.append('typeId', String(values.typeId));
  form.append('version', values.version);
  form.append('description', values.description ?? '');
  form.append('allowDowngrade', String(values.allowDowngrade));
  if (values.sha256) form.append('sha256', values.sha256);
  if (values.file) form.append('file', values.file, values.file.name);
  return form;
}

export const useSaveSoft = (onProgress: (percent: number) => void) =>
  useChange((values: SoftUpload) =>
    values.versionId === undefined
      ? postFormWithProgress('/api/version/insertVersion', softForm(values), { onProgress })
      : postFormWithProgress('/api/version/updateVersion', softForm(values), { onProgress }),
  );
export const useDeleteSoft = () => useChange((body: BodyOf<'/api/version/deleteVersion'>) => post('/api/version/deleteVersion', body));
export const usePublishSoft = () => useChange((body: BodyOf<'/api/version/updateVersionTypeAndPublish'>) => post('/api/version/updateVersionTypeAndPublish', body));
export const useUnpublishSoft = () => useChange((body: BodyOf<'/api/version/updateVersionTypeAndPublishDel'>) => post('/api/version/updateVersionTypeAndPublishDel', body));
export const useSaveRange = () => useChange((body: BodyOf<'/api/version/updateVersionSelectedRange'>) => post('/api/version/updateVersionSelectedRange', body));
export const useApplyHistory = () => useChange((body: BodyOf<'/api/version/updateHistoryVersionSelectedRange'>) => post('/api/version/updateHistoryVersionSelectedRange', body));

export interface AppUpload {
  id?: number;
  name: string;
  log?: string;
  release?: File;
  debug?: File;
}

export function appForm(values: AppUpload): FormData {
  const form = new FormData();
  if (values.id !== undefined) form.append('id', String(values.id));
  form.append('name', values.name);
  form.append('log', values.log ?? '');
  if (values.release) form.append('release', values.release, values.release.name);
  if (values.debug) form.append('debug', values.debug, values.debug.name);
  return form;
}

export const useSaveApp = (onProgress: (percent: number) => void) =>
  useChange((values: AppUpload) =>
    values.id === undefined
      ? postFormWithProgress('/api/version/insertVersionApp', appForm(values), { onProgress })
      : postFormWithProgress('/api/version/updateVersionApp', appForm(values), { onProgress }),
  );
export const usePublishApp = () => useChange((body: BodyOf<'/api/version/publishVersionApp'>) => post('/api/version/publishVersionApp', body));
export const useDeleteApp = () => useChange((body: BodyOf<'/api/version/deleteVersionApp'>) => post('/api/version/deleteVersionApp', body));
