/**
 * The JavaScript signature check of docs/integrations.md ("Webhooks") run as written (in Node, as a receiver
 * would), against a signature made the way the server makes it (Standard Webhooks: base64 HMAC-SHA256 of
 * "{id}.{timestamp}.{body}").
 */
import { describe, expect, it } from 'vitest';

type Verify = (secret: string, headers: Record<string, string>, body: unknown, tolerance?: number) => boolean;
interface Hmac {
  update(data: string): Hmac;
  digest(encoding: 'base64'): string;
}
interface NodeCrypto {
  createHmac(algorithm: string, key: unknown): Hmac;
  randomBytes(size: number): { toString(encoding: 'base64'): string };
}
interface NodeBuffer {
  from(data: string, encoding?: 'base64'): unknown;
}
/** Node's own modules, reached without Node's type declarations (the console's sources have none). */
const node = (globalThis as unknown as { process: { getBuiltinModule(name: string): unknown; cwd(): string } }).process;
const crypto = node.getBuiltinModule('node:crypto') as NodeCrypto;
const { createRequire } = node.getBuiltinModule('node:module') as { createRequire(from: string): (id: string) => unknown };
const NodeBufferClass = (globalThis as unknown as { Buffer: NodeBuffer }).Buffer;
const fs = node.getBuiltinModule('node:fs') as { readFileSync(path: string, encoding: 'utf8'): string };
const guide = fs.readFileSync(`${node.cwd()}/../docs/integrations.md`, 'utf8'); // vitest runs in web/

function documented(): Verify {
  const block = /<!-- webhook-javascript:.*?-->\n```js\n([\s\S]*?)```/.exec(guide);
  if (!block) throw new Error('the JavaScript signature check is missing from docs/integrations.md');
  const run = new Function('require', `${block[1]}\nreturn verifyWebhook;`) as (req: unknown) => Verify;
  return run(createRequire(`${node.cwd()}/package.json`));
}

function signed(secret: string, id: string, stamp: number, body: string) {
  const key = NodeBufferClass.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = crypto.createHmac('sha256', key).update(`${id}.${stamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(stamp), 'webhook-signature': `v1,${signature}` };
}

const newSecret = () => `whsec_${crypto.randomBytes(24).toString('base64')}`;

describe('the documented JavaScript check', () => {
  const verify = documented();
  const secret = newSecret();
  const body = '{"id":"evt_1","type":"webhook.test","version":1}';
  const now = Math.floor(Date.now() / 1000);

  it('accepts a true signature, over text and over bytes, among several', () => {
    const headers = signed(secret, 'evt_1', now, body);
    expect(verify(secret, headers, body)).toBe(true);
    expect(verify(secret, headers, NodeBufferClass.from(body))).toBe(true);
    expect(verify(secret, { ...headers, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` }, body)).toBe(true);
  });

  it('refuses a changed body, another secret and an old timestamp', () => {
    const headers = signed(secret, 'evt_1', now, body);
    expect(verify(secret, headers, `${body} `)).toBe(false);
    expect(verify(newSecret(), headers, body)).toBe(false);
    expect(verify(secret, signed(secret, 'evt_1', now - 3600, body), body)).toBe(false);
  });
});
