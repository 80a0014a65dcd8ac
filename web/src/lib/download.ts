import { buildHeaders, handleEnvelope, isEnvelope } from '@/api/client';

/** Lets the browser save a blob made in the page (an export) under a file name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name the server gives (`filename*=UTF-8''…`), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: the fallback
    }
  }
  return fallback;
}

/**
 * Posts a signed call that answers a file (a report, an export) and hands the file to the browser to save; answers
 * the file's name and the answer's headers. A refusal throws (and is toasted) as other calls do.
 */
export async function saveFileAnswer(path: string, body: unknown, fallbackName: string): Promise<{ name: string; headers: Headers }> {
  const headers = await buildHeaders(true);
  const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  if ((res.headers.get('content-type') ?? '').startsWith('application/json')) { // a refusal (JSON Lines is a file)
    const answer: unknown = await res.json();
    if (isEnvelope(answer)) handleEnvelope(answer, false);
    throw new Error('not a file');
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  downloadBlob(await res.blob(), name);
  return { name, headers: res.headers };
}
