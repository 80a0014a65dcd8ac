/**
 * SIEM streaming (issue 51 item 3) in Chromium against the real server: the admin adds a syslog destination on the
 * Audit trail page's "SIEM streaming" tab, pointing at a real RFC 5425 receiver this journey starts (Node's tls
 * module, a CA and certificate made by e2e/siem-cert.py, on SIEM_PORT, which the server's CLEANFLEET_SIEM_ALLOW lets
 * through); "Send test message" reaches it, the streamer sends the trail's new events and the destination's health
 * says so; the destination is deleted after confirming. Desk (1440x900) and phone (390x844), English and Chinese;
 * axe finds no critical or serious violation.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server, type TLSSocket } from 'node:tls';
import { expect, test } from '@playwright/test';
import { ARTIFACTS, axeProblems, savedSession, settled, useLanguage } from './helpers';
import { SIEM_PORT } from './ports';

const VIEWPORTS = [
  { name: 'desk', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
const runId = Date.now().toString(36);

/** What the receiver got: each octet-counted frame's SYSLOG-MSG, as text. */
const received: string[] = [];
let server: Server;
const sockets = new Set<TLSSocket>(); // the server's kept connections: closed at the end
let authority = '';

function frames(buffer: Buffer): [string[], Buffer] {
  const found: string[] = [];
  let rest = buffer;
  for (;;) {
    const space = rest.indexOf(0x20);
    if (space < 0) return [found, rest];
    const length = Number(rest.subarray(0, space).toString());
    if (rest.length < space + 1 + length) return [found, rest];
    found.push(rest.subarray(space + 1, space + 1 + length).toString('utf8'));
    rest = rest.subarray(space + 1 + length);
  }
}

test.use({ storageState: savedSession('admin') });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const made = JSON.parse(execFileSync('../backend/.venv/bin/python', ['e2e/siem-cert.py'], { encoding: 'utf8' })) as { ca: string; cert: string; key: string };
  authority = made.ca;
  server = createServer({ cert: made.cert, key: made.key }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      const [found, rest] = frames(Buffer.concat([pending, chunk]));
      received.push(...found);
      pending = rest;
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((listening) => server.listen(SIEM_PORT, '127.0.0.1', listening));
});

test.afterAll(async () => {
  const closing = new Promise<void>((closed) => server.close(() => closed()));
  for (const socket of sockets) socket.destroy();
  await closing;
});

for (const { name, viewport } of VIEWPORTS) {
  test(`a SIEM destination is added, tested, streams the trail and shows its health (${name})`, async ({ page, context, baseURL }) => {
    await page.setViewportSize(viewport);
    await useLanguage(context, 'en', baseURL);
    await page.goto('/audit');
    await page.getByRole('tab', { name: 'SIEM streaming' }).click();
    const tab = page.getByTestId('siem-tab');
    await expect(tab).toBeVisible();
    const destination = `SOC ${runId}${name[0]}`;
    await page.getByTestId('siem-add').click();
    const form = page.getByTestId('siem-form');
    await form.getByTestId('siem-name').fill(destination);
    await form.getByTestId('siem-host').fill('127.0.0.1');
    await form.getByTestId('siem-port').fill(String(SIEM_PORT));
    await form.getByTestId('siem-ca').fill(authority);
    // counted before the adding: its audit event may be sealed and streamed (every 1-2 s here) before the dialog shuts
    const before = received.length;
    await page.getByRole('dialog').getByRole('button', { name: 'Add destination' }).click();
    await expect(page.getByText('Destination added.')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByTestId(`siem-test-${destination}`).click();
    await expect(page.getByText('Test message sent.')).toBeVisible();
    await expect.poll(() => received.slice(before).some((message) => / - test \[cleanfleet@32473 test="true"\]/.test(message))).toBe(true);
    // the destination's own adding is an audit event: sealed, then streamed to the receiver in RFC 5424
    await expect.poll(() => received.slice(before).some((message) => /^<\d+>1 \S+ \S+ cleanfleet - \S+ \[cleanfleet@32473 id="\d+" chain="[^"]+" seq="\d+" hash="[0-9a-f]{64}"/.test(message)), { timeout: 20_000 }).toBe(true);
    const card = name === 'phone' ? tab.locator('li.cf-rcard', { hasText: destination }) : tab.locator('tr', { hasText: destination });
    await expect(card.getByTestId('siem-state')).toHaveText('Sending', { timeout: 20_000 });
    await expect(card.getByTestId('siem-health')).toContainText(/[1-9]\d* sent/);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/siem-${name}-en.png`, fullPage: name === 'phone' });
    expect(await axeProblems(page, '[data-testid="audit-page"]')).toEqual([]);

    await useLanguage(context, 'zh-CN', baseURL);
    await page.reload();
    await page.getByRole('tab', { name: 'SIEM 推送' }).click();
    await expect(page.getByTestId('siem-tab')).toContainText('发送中');
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/siem-${name}-zh-CN.png`, fullPage: name === 'phone' });

    await useLanguage(context, 'en', baseURL);
    await page.reload();
    await page.getByRole('tab', { name: 'SIEM streaming' }).click();
    await page.getByTestId(`siem-delete-${destination}`).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Destination deleted.')).toBeVisible();
    await expect(page.getByTestId('siem-tab')).not.toContainText(destination);
  });
}
