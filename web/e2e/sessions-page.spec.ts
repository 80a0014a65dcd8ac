/**
 * Sessions and tokens (issue 50 item 8) in Chromium against the real server, on a desk (1440x900) and a phone
 * (390x844): a fresh person signs in from two browsers (two contexts, each with its own browser id); the second,
 * new, browser is told by mail (the run's SMTP sink); the first opens "Sessions and tokens" from the user menu,
 * sees both sessions with this one marked, ends the other after a confirmation, and the other browser is sent to
 * the sign-in page at its next step. Fresh accounts only: the saved admin session just makes them.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ARTIFACTS, openUserMenu, savedSession, settled, signIn, signedCall } from './helpers';
import { waitForMail } from './mail';
import { JOURNEY_MOTION } from './ports';

const PASSWORD = 'Start12345';
const runId = Date.now().toString(36);
const VIEWPORTS = [
  { name: 'desk', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

async function freshPerson(browser: Browser, baseURL: string | undefined, account: string, email: string) {
  const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL, storageState: savedSession('admin') });
  const page = await context.newPage();
  await page.goto('/index');
  const made = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
    account, name: `Night shift ${account}`, password: PASSWORD, levelDepth: 2, email,
  });
  expect(made.message.code, made.message.message).toBe(0);
  await context.close();
}

async function openSessions(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByTestId('menu-sessions').click();
  await expect(page).toHaveURL(/\/user\/sessions$/);
  await expect(page.getByTestId('sessions-page')).toBeVisible();
}

for (const { name, viewport, isMobile } of VIEWPORTS) {
  test(`a person sees both browsers, ends the other one, and the new browser was told by mail (${name})`, async ({ browser, baseURL }) => {
    test.slow(); // two sign-ins (argon2) and a mail on a machine shared with other runs
    const account = `sess${name}${runId}`;
    const email = `${account}@example.com`;
    await freshPerson(browser, baseURL, account, email);
    const options = { reducedMotion: JOURNEY_MOTION, baseURL, locale: 'en-US', viewport, isMobile, hasTouch: isMobile };
    const homeContext = await browser.newContext(options);
    const home = await homeContext.newPage();
    await signIn(home, '/index', account, PASSWORD); // the person's first browser: nothing to tell
    const startedAt = new Date();
    const otherContext = await browser.newContext({ ...options, viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });
    const other = await otherContext.newPage();
    await signIn(other, '/index', account, PASSWORD); // a browser the person never used

    const mail = await waitForMail({ to: email, text: /\/user\/sessions/, after: startedAt });
    expect(mail.text).toContain(account);
    expect(mail.text).toMatch(/Chrome/);

    await openSessions(home);
    const list = home.getByTestId('session-list');
    const current = list.getByText('This session');
    await expect(current).toBeVisible();
    const ends = list.locator('[data-testid^="end-session-"]');
    await expect(ends).toHaveCount(1); // the other browser's; this one is ended by signing out
    await settled(home);
    await home.screenshot({ path: `${ARTIFACTS}/sessions-page-${name}.png`, fullPage: true });

    await ends.first().click();
    await home.getByTestId('confirm-end-session').click();
    await expect(home.getByText('Session ended.')).toBeVisible();
    await expect(ends).toHaveCount(0);
    await expect(home.getByTestId('end-other-sessions')).toBeDisabled();

    await other.reload(); // its next step: the ended session is refused, the sign-in page shows
    await expect(other).toHaveURL(/\/login/);
    await expect(other.locator('form #account')).toBeVisible();
    await settled(home);
    await home.screenshot({ path: `${ARTIFACTS}/sessions-page-ended-${name}.png`, fullPage: true });
    await otherContext.close();
    await homeContext.close();
  });
}
