import { buildHeaders, fail, handleEnvelope, httpStatusText, isEnvelope } from '@/api/client';
import { ApiError } from '@/api/errors';
import type { Envelope } from '@/api/types';
import { i18n } from '@/i18n/instance';
import { useSessionStore } from '@/lib/session';

/**
 * /api/tencent/ttsUrl (api-spec 7.6): POST form-encoded token, content and language; the answer is the
 * audio itself, or the usual refusal envelope (an unsupported language names the field).
 */
export async function speak(content: string, language: string): Promise<Blob> {
  const headers = await buildHeaders(false);
  const token = useSessionStore.getState().token ?? '';
  const body = new URLSearchParams({ token, content, language });
  let res: Response;
  try {
    res = await fetch('/api/tencent/ttsUrl', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
  } catch {
    return fail(new ApiError('network', i18n.t('api.networkError')), false);
  }
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('audio/')) return res.blob();
  const json: unknown = await res.json().catch(() => undefined);
  if (isEnvelope(json)) handleEnvelope(json as Envelope<null>, false);
  return fail(new ApiError('http', httpStatusText(res.status, '/api/tencent/ttsUrl'), { status: res.status }), false);
}
