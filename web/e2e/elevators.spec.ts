/**
 * Elevators against the real server: one added with every field (a 12-digit phone refused first, naming
 * the field), a demo robot bound to it from the elevator's robots and seen in the device's owner dialog,
 * then deleted with confirmation (its robot unbound).
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, chooseOption, signIn, useLanguage } from './helpers';

const run = Date.now().toString(36).slice(-5);

function dialog(page: Page) {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

function popconfirmOk(page: Page) {
  return page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
}

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('an elevator is added, a robot bound to it, and it is deleted', async ({ page }) => {
  const name = `E2E lift ${run}`;
  await signIn(page, '/elevator/index');
  await page.getByTestId('add-elevator').click();
  const form = dialog(page);
  await form.getByTestId('elevator-name').fill(name);
  await form.getByLabel('Building name').fill('Tower A');
  await form.getByTestId('elevator-phone').fill('1380013800');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.locator('.ant-form-item-explain-error')).toHaveText('The phone must be 11 digits');
  await form.getByTestId('elevator-phone').fill('13800138000');
  await form.getByTestId('elevator-floor-max').fill('12');
  await form.getByTestId('elevator-provider').click();
  await chooseOption(page, 'Schindler');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Elevator added.')).toBeVisible();
  const row = page.locator('tr', { hasText: name });
  await expect(row).toContainText('Tower A');
  await expect(row).toContainText('1 – 12');
  await expect(row).toContainText('Schindler');

  await page.getByTestId(`elevator-robots-${name}`).click();
  const drawer = page.getByTestId('elevator-robots');
  await drawer.getByTestId('bind-robots').click();
  await chooseOption(page, 'CF20260001');
  await page.keyboard.press('Escape');
  await drawer.getByTestId('bind-robots-button').click();
  await expect(page.getByText('Robots bound.')).toBeVisible();
  await expect(drawer.locator('.ant-list-item')).toContainText('CF20260001');
  await page.screenshot({ path: `${ARTIFACTS}/elevator-robots-en.png` });
  await drawer.locator('.ant-drawer-close').click();
  await expect(page.getByTestId(`elevator-robots-${name}`)).toHaveText('1');

  await page.getByTestId(`delete-elevator-${name}`).click();
  await popconfirmOk(page).click();
  await expect(page.getByText('Elevator deleted.')).toBeVisible();
  await expect(page.locator('tr', { hasText: name })).toHaveCount(0);
});
