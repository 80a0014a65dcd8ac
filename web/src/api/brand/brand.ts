/**
 * The brand a page draws with (issue 53 item 4): the host's before sign-in (`GET /api/brand`, unsigned: the Host
 * header says which; a plain promise, as the sign-in form loads without TanStack Query) and the signed-in person's
 * (`/api/brand/current`). The brand page's own calls are in features/brand/api.
 */
import { post, type CallOptions } from '../client';
import type { DataOf } from '../types';

export type PublicBrand = DataOf<'/api/brand/current'>;

const HOST_BRAND_URL = '/api/brand';

/** The brand of the host this page was loaded from (an unknown host: the admin's). */
export async function hostBrand(signal?: AbortSignal): Promise<PublicBrand | null> {
  try {
    const answer = await fetch(HOST_BRAND_URL, { signal, headers: { Accept: 'application/json' } });
    if (!answer.ok) return null;
    const body = (await answer.json()) as { message?: { code?: number }; data?: PublicBrand | null };
    return body.message?.code === 0 && body.data ? body.data : null;
  } catch {
    return null; // offline or stopped: the page keeps the brand it has
  }
}

/** The brand the signed-in person sees (theirs, their dealer's or the admin's). */
export function currentBrand(options?: CallOptions) {
  return post('/api/brand/current', {}, { quiet: true, ...options });
}
