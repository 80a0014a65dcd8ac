/**
 * A multipart upload with progress: fetch() cannot report an upload's progress, so this goes through
 * XMLHttpRequest with the same headers (`buildHeaders`) and the same answer handling (`handleEnvelope`,
 * `fail`) as every other call of `client.ts`.
 */
import { i18n } from '@/i18n/instance';
import { buildHeaders, fail, handleEnvelope, httpStatusText, isEnvelope } from './client';
import { ApiError } from './errors';
import type { DataOf, Envelope, PostPath } from './types';

export interface UploadProgressOptions {
  /** 0-100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The percentage sent, from an upload's progress event (0 while its size is unknown). */
export function uploadPercent(loaded: number, total: number, lengthComputable = true): number {
  if (!lengthComputable || total <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

export async function postFormWithProgress<P extends PostPath>(path: P, form: FormData, options: UploadProgressOptions = {}): Promise<DataOf<P>> {
  const headers = await buildHeaders(false);
  const answer = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => options.onProgress?.(uploadPercent(event.loaded, event.total, event.lengthComputable)));
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
  if (isEnvelope(answer.json)) return handleEnvelope(answer.json as Envelope<DataOf<P>>, false);
  return fail(new ApiError('http', httpStatusText(answer.status, path), { status: answer.status }), false);
}
