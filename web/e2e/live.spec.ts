/**
 * Live status monitoring with the real simulated robots `npm run e2e` starts (12, speed 10, beside
 * the demo fleet's records, which go offline at the first sweep): the
 * index page's counts and cards, a card changing without a reload, and an alarm reaching the
 * header (badge, pop-up) and the live alarms page, where it is resolved.
 *
 * Alarms come from a robot on purpose: its own web API (robot i listens on SIM_BASE_PORT + i - 1,
 * see ports.ts) switches it to manual mode, which raises the "manual mode"
 * banner; switching back clears it. Robot 1 is CF3-0001, robot 3 CF3-0003 (protocol 3: api1/).
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, handMode, savedSession, signIn, useLanguage } from './helpers';

// Starts signed in as the admin (saved once per run); other accounts sign in through the form.
test.use({ storageState: savedSession('admin') });

async function kpi(page: Page, name: string): Promise<number> {
  const text = await page.getByTestId(`kpi-${name}`).locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

async function unread(page: Page): Promise<number> {
  const label = (await page.getByLabel(/Unread alarms: \d+|未读告警/).first().getAttribute('aria-label')) ?? '';
  return Number(label.replace(/[^\d]/g, ''));
}

/** What each card shows that the server changes: everything but the heartbeat's "… ago", which ticks locally. */
async function liveTexts(page: Page): Promise<string[]> {
  return page
    .getByTestId('robot-card')
    .evaluateAll((cards) =>
      cards.map((card) => {
        const copy = card.cloneNode(true) as HTMLElement;
        copy.querySelector('[data-testid="robot-heartbeat"]')?.remove();
        return copy.textContent ?? '';
      }),
    );
}

/** Every alarm pops up (the default is faults only; the manual-mode banner is not one). */
async function popupsForAll(page: Page) {
  await page.getByTestId('alarm-popups').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('alarm-popups-all').click();
  await expect(page.getByTestId('alarm-popups')).toHaveAttribute('data-choice', 'all');
}

async function waitForFleet(page: Page) {
  await expect.poll(() => kpi(page, 'online'), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect(page.locator('[data-testid="robot-online"][data-online="true"]').first()).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
}

test.describe.configure({ timeout: 150_000 });

test('status monitoring shows the robots, and their cards change live', async ({ page }) => {
  await signIn(page, '/index');
  await waitForFleet(page);
  // the counts move while they are read; they add up once they are read between two pushes
  await expect
    .poll(async () => (await kpi(page, 'working')) + (await kpi(page, 'charging')) + (await kpi(page, 'idle')) - (await kpi(page, 'online')))
    .toBe(0);
  await expect(page.getByTestId('state-donut')).toBeVisible();
  await expect(page.getByTestId('robot-card').first()).toBeVisible();
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  const before = await liveTexts(page);
  // batteries drain slowly on idle robots: robot 9 (CF3-0009, used by no other journey) switched to
  // manual mode makes sure at least one card has something new to show
  await handMode(9, 1);
  try {
    await expect.poll(() => liveTexts(page), { timeout: 60_000, intervals: [1_000] }).not.toEqual(before);
  } finally {
    await handMode(9, 0);
  }
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  await expect(page.getByTestId('robot-heartbeat').first()).toContainText(/ago|just now/);
  await page.screenshot({ path: `${ARTIFACTS}/live-index-en.png`, fullPage: true });
  // an online robot's card opens its remote control
  await page.getByTestId('robot-card').filter({ has: page.locator('[data-online="true"]') }).first().click();
  await expect(page).toHaveURL(/\/device_control\/index\?deviceId=\d+$/);
});

test('an alarm reaches the badge, a pop-up and the live alarms page, and is resolved there', async ({ page }) => {
  await signIn(page, '/index');
  await waitForFleet(page);
  const before = await unread(page);
  await popupsForAll(page);
  await handMode(1, 1);
  try {
    const popup = page.locator('.ant-notification-notice').filter({ hasText: 'CF3-0001' }).filter({ hasText: /manual mode/i });
    await expect(popup.first()).toBeVisible({ timeout: 45_000 });
    await expect.poll(() => unread(page)).toBeGreaterThan(before);
    await page.screenshot({ path: `${ARTIFACTS}/live-popup-en.png` });
    await popup.first().getByRole('button', { name: 'Open live alarms' }).click();
    await expect(page).toHaveURL('/index/realWarn');
    const rows = page.getByTestId('live-alarms').locator('tbody tr').filter({ hasText: 'CF3-0001' });
    await expect(rows.filter({ hasText: /manual mode/i }).first()).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/live-alarms-en.png` });
    await rows.first().getByRole('button', { name: 'Resolve device' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText(/Alarms resolved for .*: \d+/)).toBeVisible();
    await expect(rows).toHaveCount(0);
  } finally {
    await handMode(1, 0);
  }
});

test('screenshots of status monitoring and an alarm pop-up in Chinese', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'zh-CN', baseURL);
  await signIn(page, '/index');
  await waitForFleet(page);
  await expect(page.getByTestId('state-donut')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/live-index-zh-CN.png`, fullPage: true });
  await popupsForAll(page);
  await handMode(3, 1);
  try {
    const popup = page.locator('.ant-notification-notice').filter({ hasText: 'CF3-0003' }).filter({ hasText: '手动模式' });
    await expect(popup.first()).toBeVisible({ timeout: 45_000 });
    await page.screenshot({ path: `${ARTIFACTS}/live-popup-zh-CN.png` });
  } finally {
    await handMode(3, 0);
  }
});
