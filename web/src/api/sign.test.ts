import { describe, expect, it } from 'vitest';
import { encryptFallback, encryptWebCrypto, makeSign } from './sign';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('sign', () => {
  it('pads with PKCS#7 to one 16-byte block for a 13-digit time', async () => {
    const out = await encryptWebCrypto('1763700000000');
    expect(out.length).toBe(16);
  });

  it('gives the same bytes with WebCrypto and with the pure-JS fallback', async () => {
    for (const plain of ['1763700000000', '17637000000001', '0']) {
      expect(hex(await encryptFallback(plain))).toBe(hex(await encryptWebCrypto(plain)));
    }
  });

  it('matches a known AES-128-CBC vector', async () => {
    // printf 1763700020000 | openssl enc -aes-128-cbc -K 636c65616e666c6565742d7369676e31 -iv 636c65616e666c6565742d69762d3136
    const out = await encryptWebCrypto('1763700020000', 'cleanfleet-sign1', 'cleanfleet-iv-16');
    expect(hex(out)).toBe('346db330be1ffde0ae8ff37fd1ba8828');
  });

  it('is base64 of the encrypted time plus 20 s', async () => {
    const sign = await makeSign(1_763_700_000_000);
    const bytes = Uint8Array.from(atob(sign), (c) => c.charCodeAt(0));
    expect(hex(bytes)).toBe(hex(await encryptWebCrypto('1763700020000')));
  });
});
