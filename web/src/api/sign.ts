/**
 * The `sign` header: base64 of AES-128-CBC (PKCS#7) over the decimal string of now + 20 s.
 * WebCrypto does the work where the page is a secure context (https, localhost, 127.0.0.1);
 * elsewhere `crypto.subtle` is missing and the audited pure-JS @noble/ciphers (loaded on demand,
 * its own small chunk) produces the same bytes.
 */
const SIGN_AHEAD_MS = 20_000;
const encoder = new TextEncoder();

export const SIGN_KEY = import.meta.env.VITE_SIGN_KEY || 'cleanfleet-sign1';
export const SIGN_IV = import.meta.env.VITE_SIGN_IV || 'cleanfleet-iv-16';

let keyPromise: Promise<CryptoKey> | null = null;

function bytes(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}

function toBase64(data: Uint8Array): string {
  let binary = '';
  for (const byte of data) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function encryptWebCrypto(plain: string, key = SIGN_KEY, iv = SIGN_IV): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const useCache = key === SIGN_KEY;
  const cryptoKey = useCache
    ? (keyPromise ??= subtle.importKey('raw', bytes(key), 'AES-CBC', false, ['encrypt']))
    : subtle.importKey('raw', bytes(key), 'AES-CBC', false, ['encrypt']);
  const out = await subtle.encrypt({ name: 'AES-CBC', iv: bytes(iv) }, await cryptoKey, bytes(plain));
  return new Uint8Array(out);
}

export async function encryptFallback(plain: string, key = SIGN_KEY, iv = SIGN_IV): Promise<Uint8Array> {
  const { cbc } = await import('@noble/ciphers/aes.js');
  return cbc(bytes(key), bytes(iv)).encrypt(bytes(plain));
}

export async function makeSign(now: number = Date.now()): Promise<string> {
  const plain = String(now + SIGN_AHEAD_MS);
  const hasSubtle = typeof globalThis.crypto?.subtle?.encrypt === 'function';
  return toBase64(hasSubtle ? await encryptWebCrypto(plain) : await encryptFallback(plain));
}
