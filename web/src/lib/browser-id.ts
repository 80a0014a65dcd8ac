/**
 * This browser's random id (issue 50 item 8): kept in localStorage under a key without the build version (an
 * upgrade must not make every browser new), sent as the `browser-id` header, so the server tells a sign-in from a
 * browser the person never used (a message-centre notice and an e-mail). It says nothing but "the same browser
 * as before"; the server keeps only its hash. Without storage (a private window that refuses it) each page load
 * is a new browser.
 */
const KEY = 'cleanfleet:browser-id';
let memory: string | null = null;

function fresh(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function browserId(): string {
  if (memory) return memory;
  try {
    memory = localStorage.getItem(KEY);
    if (!memory) {
      memory = fresh();
      localStorage.setItem(KEY, memory);
    }
  } catch {
    memory = memory ?? fresh();
  }
  return memory;
}
