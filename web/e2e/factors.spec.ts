/**
 * Two factors (issue 50 items 5-7) in Chromium against the real server, on a desk (1440x900) and a phone (390x844),
 * with fresh accounts only (made by the saved admin session; the saved admin and dealerA sessions are never used
 * here, since these journeys sign out and change how their people sign in).
 *
 * - A person sets up an authenticator app on the "Two factors" page (the key shown with the QR code, the app's code
 *   computed here: RFC 6238 with node:crypto), sees the ten recovery codes once, signs out and in again with the
 *   password and a code; registers a passkey with Chromium's virtual authenticator (DevTools protocol WebAuthn) and
 *   signs in with it as the second factor, then, once the branch allows it, with the passkey alone.
 * - A dealer requires two factors for its branch on the same page; its customer, who has no factor, is led to enrol
 *   one at the next sign-in (the app on the desk, a passkey on the phone), sees the recovery codes and is in.
 *
 * A passkey is bound to a host name, never to an IP address: these journeys open the console at
 * http://localhost:<port> (the server takes the relying party id from the host the browser reached), while the
 * admin's setup calls use the saved admin session at 127.0.0.1. Screenshots in English and Chinese; axe finds no
 * critical or serious violation on the factors page and on the second step.
 */
import { createHmac } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ARTIFACTS, axeProblems, expectSignedIn, openUserMenu, savedSession, settled, signedCall, signOut, submitLogin } from './helpers';
import { JOURNEY_MOTION, PORT } from './ports';

const SITE = `http://localhost:${PORT}`;
const ADMIN_SITE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Start12345';
const ROLE_DEALER = 16;
const runId = Date.now().toString(36);
const VIEWPORTS = [
  { name: 'desk', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

test.use({ baseURL: SITE });

/** RFC 6238 (SHA-1, 30-second steps, six digits): the code an authenticator app shows for `secret` (base32). */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The next step's code: the server takes a code once (its step and earlier ones are then refused, RFC 6238 5.2),
 * and allows one step of drift, so a code just used in the same 30 seconds never blocks the next sign-in. */
const nextCode = (secret: string) => totp(secret, Date.now() + 30_000);

/** The admin (its saved session, at 127.0.0.1) makes people and sets branch policies through the API. */
async function asAdmin<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL: ADMIN_SITE, storageState: savedSession('admin') });
  try {
    const page = await context.newPage();
    await page.goto('/index');
    return await work(page);
  } finally {
    await context.close();
  }
}

async function insertUser(page: Page, body: Record<string, unknown>): Promise<number> {
  const made = await signedCall<{ userId: number }>(page, '/api/user/insertUser', { password: PASSWORD, ...body });
  expect(made.message.code, made.message.message).toBe(0);
  return made.data.userId;
}

/** A browser at http://localhost:<port> in `language`, with a virtual platform authenticator (a passkey holder that
 * verifies its user: the fingerprint or PIN of a phone or a laptop) on its page. */
async function personBrowser(browser: Browser, { viewport, isMobile }: Viewport, language = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL: SITE, locale: 'en-US', viewport, isMobile, hasTouch: isMobile });
  await setLanguage(context, language);
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { context, page };
}

async function setLanguage(context: BrowserContext, language: string) {
  await context.addCookies([{ name: 'language', value: language, url: SITE }]);
}

async function passwordStep(page: Page, account: string) {
  await page.goto('/login');
  await submitLogin(page, account, PASSWORD);
}

async function openFactors(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByTestId('menu-factors').click();
  await expect(page).toHaveURL(/\/user\/factors$/);
  await expect(page.getByTestId('factors-page')).toBeVisible();
}

/** A screenshot of what is on screen now, and the same screen in Chinese (the language cookie, then a reload). */
async function bothLanguages(page: Page, shot: string, ready: () => Promise<void>) {
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/${shot}-en.png`, fullPage: true });
  await setLanguage(page.context(), 'zh-CN');
  await page.reload();
  await ready();
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/${shot}-zh-CN.png`, fullPage: true });
  await setLanguage(page.context(), 'en');
  await page.reload();
  await ready();
}

for (const shape of VIEWPORTS) {
  test(`an authenticator app and a passkey: set up, then each signs in as the second factor, the passkey alone too (${shape.name})`, async ({ browser }) => {
    test.slow(); // five sign-ins (argon2) on a machine shared with other runs
    const account = `fa${shape.name}${runId}`;
    const personId = await asAdmin(browser, (page) => insertUser(page, { account, name: `Night shift ${account}`, levelDepth: 2 }));
    const { context, page } = await personBrowser(browser, shape);

    // set up the app: the key shown with the QR code, one code checked, ten recovery codes shown once
    await passwordStep(page, account);
    await expectSignedIn(page);
    await openFactors(page);
    await expect(page.getByTestId('totp-state')).toHaveText('Off');
    await expect(page.getByTestId('passkey-row')).toHaveCount(0);
    expect(await axeProblems(page, '[data-testid="factors-page"]')).toEqual([]);
    await page.getByTestId('totp-set-up').click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/factors-app-setup-${shape.name}-en.png`, fullPage: true });
    await page.getByTestId('totp-code').fill('000000'.replace(/./g, (_, i) => String((Number(totp(secret)[i]) + 1) % 10))); // not its code
    await page.getByTestId('totp-turn-on').click();
    await expect(page.getByRole('alert')).toContainText('The code is wrong');
    await page.getByTestId('totp-code').fill(totp(secret));
    await page.getByTestId('totp-turn-on').click();
    const codes = page.getByTestId('recovery-codes');
    await expect(codes.locator('li')).toHaveCount(10);
    const recovery = await codes.locator('li').allTextContents();
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/factors-recovery-codes-${shape.name}-en.png`, fullPage: true });
    await page.getByTestId('recovery-continue').click();
    await expect(codes).toHaveCount(0); // shown once
    await expect(page.getByTestId('totp-state')).toContainText('On since');
    await expect(page.getByTestId('recovery-left')).toHaveText('Recovery codes left: 10');

    // a passkey, named, on the virtual authenticator
    await page.getByTestId('passkey-name').fill('Work laptop');
    await page.getByTestId('passkey-add').click();
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    await expect(page.getByTestId('passkey-row')).toContainText('Work laptop');
    await expect(page.getByTestId('passkey-row')).toContainText('Never used');
    expect(await axeProblems(page, '[data-testid="factors-page"]')).toEqual([]);
    await bothLanguages(page, `factors-page-${shape.name}`, () => expect(page.getByTestId('passkey-row')).toHaveCount(1));

    // the password alone no longer signs in: the second step asks for a code; a wrong one is refused on the field
    await signOut(page);
    await passwordStep(page, account);
    const step = page.getByTestId('second-step');
    await expect(step).toBeVisible({ timeout: 30_000 });
    await expect(step.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    expect(await axeProblems(page, '[data-testid="second-step"]')).toEqual([]);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/factors-second-step-${shape.name}-en.png`, fullPage: true });
    await step.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(step.getByRole('alert')).toHaveText('Enter the code.');
    await step.locator('#factor-code').fill('12345x');
    await step.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(step.getByRole('alert')).toBeVisible();
    await step.locator('#factor-code').fill(nextCode(secret));
    await step.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expectSignedIn(page);

    // the passkey as the second factor (the second step in Chinese this time)
    await signOut(page);
    await setLanguage(context, 'zh-CN');
    await passwordStep(page, account);
    await expect(step).toBeVisible({ timeout: 30_000 });
    await expect(step.getByRole('heading', { name: '确认是你本人' })).toBeVisible();
    expect(await axeProblems(page, '[data-testid="second-step"]')).toEqual([]);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/factors-second-step-${shape.name}-zh-CN.png`, fullPage: true });
    await step.getByTestId('second-step-passkey').click();
    await expectSignedIn(page);
    await setLanguage(context, 'en');
    await page.reload();
    await openFactors(page);
    await expect(page.getByTestId('passkey-row')).toContainText('Last used');

    // a passkey alone: refused until the branch allows it, then it signs in with no password
    await signOut(page);
    await page.getByTestId('passkey-sign-in').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await asAdmin(browser, async (admin) => {
      const set = await signedCall(admin, '/api/factors/policy/set', { userId: personId, requireTwo: false, passkeyAlone: true });
      expect(set.message.code, set.message.message).toBe(0);
    });
    await page.getByTestId('passkey-sign-in').click();
    await expectSignedIn(page);
    await context.close();
  });

  test(`a branch that requires two factors leads a person without one to enrol at the next sign-in (${shape.name})`, async ({ browser }) => {
    test.slow(); // three sign-ins (argon2) on a machine shared with other runs
    const dealer = `fd${shape.name}${runId}`;
    const customer = `fc${shape.name}${runId}`;
    await asAdmin(browser, async (page) => {
      const dealerId = await insertUser(page, { account: dealer, name: `Harbour Dealer ${dealer}`, levelDepth: 2, roleIds: [ROLE_DEALER] });
      await insertUser(page, { account: customer, name: `Airport ${customer}`, levelDepth: 3, parentId: dealerId });
    });

    // the dealer requires two factors for everyone in its branch (its own node: no branch chosen)
    const desk = await personBrowser(browser, shape);
    await passwordStep(desk.page, dealer);
    await expectSignedIn(desk.page);
    await openFactors(desk.page);
    const policy = desk.page.getByTestId('factor-policy');
    await expect(policy.getByTestId('policy-require-two')).not.toBeChecked();
    await policy.getByTestId('policy-require-two').check();
    await policy.getByTestId('policy-save').click();
    await expect(desk.page.getByText('Saved.')).toBeVisible();
    await expect(desk.page.getByText('Your organisation requires a second factor: keep at least one.')).toBeVisible();
    expect(await axeProblems(desk.page, '[data-testid="factors-page"]')).toEqual([]);
    await bothLanguages(desk.page, `factors-policy-${shape.name}`, () => expect(policy.getByTestId('policy-require-two')).toBeChecked());
    await desk.context.close();

    // the customer has no factor: the sign-in leads them to enrol one before the console opens
    const { context, page } = await personBrowser(browser, shape);
    await passwordStep(page, customer);
    const step = page.getByTestId('second-step');
    await expect(step).toBeVisible({ timeout: 30_000 });
    await expect(step.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    expect(await axeProblems(page, '[data-testid="second-step"]')).toEqual([]);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/factors-enrol-${shape.name}-en.png`, fullPage: true });
    if (shape.name === 'desk') {
      await step.getByTestId('enrol-app').click();
      const secret = (await step.getByTestId('totp-secret').textContent()) ?? '';
      await step.locator('#factor-code').fill(totp(secret));
      await step.getByRole('button', { name: 'Confirm', exact: true }).click();
    } else {
      await step.getByRole('radio', { name: 'Passkey or security key' }).check();
      await step.getByTestId('enrol-passkey').click();
    }
    await expect(step.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await step.getByTestId('recovery-continue').click();
    await expectSignedIn(page);
    await openFactors(page);
    if (shape.name === 'desk') await expect(page.getByTestId('totp-state')).toContainText('On since');
    else await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    await context.close();
  });
}
