import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/types';
import { postFormWithProgress } from '@/api/upload';
import { filesKeys } from './keys';

export type Uploaded = DataOf<'/api/oss/upload'>;
export type StoredObject = DataOf<'/api/oss/list'>['list'][number];

export interface UploadOptions {
  isPrivate?: boolean;
  targetPath?: string;
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** /oss/upload with upload progress (`postFormWithProgress`). */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<Uploaded> {
  const form = new FormData();
  form.append('isPrivate', String(options.isPrivate ?? true));
  form.append('targetPath', options.targetPath ?? '');
  form.append('file', file, file.name);
  return postFormWithProgress('/api/oss/upload', form, { onProgress: options.onProgress, signal: options.signal });
}

/** Download a stored file: asks for its (signed) link, then lets the browser save it. */
export async function downloadStored(savePath: string, isPrivate: boolean): Promise<void> {
  const link = await post('/api/oss/downloadUrl', { savePath, isPrivate });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export const useOssList = (body: BodyOf<'/api/oss/list'>) =>
  useQuery({ queryKey: filesKeys.oss(body), queryFn: ({ signal }) => post('/api/oss/list', body, { signal }), placeholderData: keepPreviousData });

export const useOssInfo = () => useQuery({ queryKey: filesKeys.info, queryFn: ({ signal }) => post('/api/oss/info', {}, { signal }) });

export function useDeleteStored() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'/api/oss/delete'>) => post('/api/oss/delete', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
