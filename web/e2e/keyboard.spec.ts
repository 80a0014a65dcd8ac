/**
 * Keyboard only (issue 30): daily jobs done with Tab, Enter and Escape, never the mouse, in English and in
 * Arabic (right to left). The journey moves the focus as a user would, one Tab at a time, and checks that where
 * the focus is can be seen.
 *
 * - Find an online robot among the monitoring page's cards and open it (its remote control page).
 * - Open the add-user dialog from its button, find the focus inside it, close it with Escape: the focus is
 *   back on the button.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { savedSession, signIn, useLanguage } from './helpers';

const MAX_TABS = 200;

/** Press Tab until `target` holds the focus; fails when it never does. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${String(target)} never took the focus in ${MAX_TABS} Tab presses`);
}

/** The focused element shows it: an outline or a focus shadow (antd's buttons and inputs draw one). */
async function expectFocusVisible(target: Locator) {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow !== 'none' };
  });
  expect(ring.outline || ring.shadow, 'where the focus is must show').toBe(true);
}

test.use({ storageState: savedSession('admin') });

for (const language of ['en', 'ar'] as const) {
  test(`find a robot and open it with the keyboard only, in ${language}`, async ({ page, context, baseURL }) => {
    await useLanguage(context, language, baseURL);
    await signIn(page, '/index');
    // an online robot (the simulated ones; the demo robots stay offline) opens its remote control
    const card = page.getByTestId('robot-card').filter({ has: page.locator('[data-online="true"]') }).first();
    await expect(card).toBeVisible();
    await tabTo(page, card);
    await expectFocusVisible(card);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/device_control\/index\?deviceId=\d+$/);
  });

  test(`open and close the add-user dialog with the keyboard only, in ${language}`, async ({ page, context, baseURL }) => {
    await useLanguage(context, language, baseURL);
    await signIn(page, '/user/index');
    const add = page.getByTestId('user-add');
    await expect(add).toBeVisible();
    await tabTo(page, add);
    await expectFocusVisible(add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').filter({ visible: true });
    await expect(dialog).toHaveCount(1);
    // the focus moved into the dialog, and Tab keeps it there
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();
  });
}
