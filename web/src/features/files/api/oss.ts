import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildHeaders, fail, handleEnvelope, httpStatusText, isEnvelope, post } from '@/api/client';
import { ApiError } from '@/api/errors';
import type { BodyOf, DataOf, Envelope } from '@/api/types';
import { i18n } from '@/i18n/instance';

export type Uploaded = DataOf<'/api/oss/upload'>;
export type StoredObject = DataOf<'/api/oss/list'>['list'][number];

/** Query keys of everything made of stored files: an upload or a delete refreshes them all. */
export const filesKeys = {
  all: ['files'] as const,
  oss: (body: unknown) => ['files', 'oss', body] as const,
  info: ['files', 'oss-info'] as const,
  entries: (kind: string, body: unknown) => ['files', 'entries', kind, body] as const,
  categories: (kind: string) => ['files', 'categories', kind] as const,
  media: (body: unknown) => ['files', 'media', body] as const,
  playlists: (body: unknown) => ['files', 'playlists', body] as const,
  log: (body: unknown) => ['files', 'log', body] as const,
};

export interface UploadOptions {
  isPrivate?: boolean;
  targetPath?: string;
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * /oss/upload with upload progress: fetch() cannot report it, so this one call goes through
 * XMLHttpRequest with the same headers and the same answer handling as every other call.
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<Uploaded> {
  const headers = await buildHeaders(false);
  const form = new FormData();
  form.append('isPrivate', String(options.isPrivate ?? true));
  form.append('targetPath', options.targetPath ?? '');
  form.append('file', file, file.name);
  const body = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/oss/upload');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.floor((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      resolve({ status: xhr.status, json });
    });
    xhr.addEventListener('error', () => reject(new ApiError('network', i18n.t('api.networkError'))));
    xhr.addEventListener('abort', () => reject(new ApiError('aborted', i18n.t('api.aborted'))));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  }).catch((error: unknown) => {
    if (error instanceof ApiError && error.kind === 'aborted') throw error;
    return fail(error as ApiError, false);
  });
  if (isEnvelope(body.json)) return handleEnvelope(body.json as Envelope<Uploaded>, false);
  return fail(new ApiError('http', httpStatusText(body.status, '/api/oss/upload'), { status: body.status }), false);
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
