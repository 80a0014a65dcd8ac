/** Whether the server answers at all: the offline banner's probe while calls fail (app/pwa/connection.ts). */
export async function serverAnswers(timeoutMs = 5_000): Promise<boolean> {
  try {
    const res = await fetch('/api/health', { method: 'GET', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return res.ok;
  } catch {
    return false;
  }
}
