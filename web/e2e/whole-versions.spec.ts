/**
 * Whole-machine versions, cloud versions and configuration parameters against the real server: a whole-machine
 * version created, two simulated robots put on its white list, published after a confirmation and seen
 * published with its list; a cloud release recorded; a configuration parameter added and deleted.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, chooseOption, savedSession, settled, signIn, useLanguage } from './helpers';

test.use({ storageState: savedSession('admin') });

const run = Date.now().toString(36).slice(-5);
const ROBOTS = ['CF3-0005', 'CF2-0006'];

function dialog(page: Page) {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

function popconfirmOk(page: Page) {
  return page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
}

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('a whole-machine version white-listed to two robots is published; a cloud release and a parameter', async ({ page }) => {
  test.setTimeout(150_000); // three screens, each loaded afresh
  const name = `E2E whole ${run}`;
  await signIn(page, '/version/index/whole_version');
  await page.getByTestId('add-whole-version').click();
  const form = dialog(page);
  await form.getByTestId('whole-name').fill(name);
  await form.getByTestId('whole-version-number').fill(`V9.${run}`);
  await form.getByLabel('Software version').fill('soft-9.0.0');
  await form.getByTestId('whole-firmware-version').fill('FW-9.0.0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Version added.')).toBeVisible();
  const row = page.locator('tr', { hasText: name });
  await expect(row.getByTestId(`whole-state-${name}`)).toContainText('Unpublished');

  await row.getByTestId(`whole-lists-${name}`).click();
  const lists = dialog(page);
  const picker = lists.getByTestId('white-list-picker');
  for (const sn of ROBOTS) {
    await picker.click();
    await page.keyboard.type(sn);
    await chooseOption(page, sn);
  }
  await page.keyboard.press('Escape');
  await expect(lists.getByTestId('range-count')).toContainText('2 of your');
  await lists.getByTestId('save-lists').click();
  await expect(page.getByText('Lists saved.')).toBeVisible();
  await expect(row.getByTestId(`whole-lists-${name}`)).toContainText('White 2 · Black 0');

  await row.getByTestId(`whole-publish-${name}`).click();
  await expect(page.getByText(`Publish ${name}?`)).toBeVisible();
  await popconfirmOk(page).click();
  await expect(page.getByText('Version published.')).toBeVisible();
  await expect(row.getByTestId(`whole-state-${name}`)).toContainText('Published');
  await expect(row.getByTestId(`whole-lists-${name}`)).toBeDisabled();
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/whole-versions-en.png` });

  const release = `E2E cloud ${run}`;
  await page.goto('/version/index/cloud_version');
  await page.getByTestId('add-cloud-version').click();
  const cloud = dialog(page);
  await cloud.getByTestId('cloud-name').fill(release);
  await cloud.getByTestId('cloud-version-number').fill('1.21.0');
  await cloud.getByTestId('cloud-notes').fill('Whole-machine versions and configuration');
  await cloud.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Release recorded.')).toBeVisible();
  await expect(page.locator('tr', { hasText: release })).toContainText('1.21.0');

  const key = `e2e.param_${run}`;
  await page.goto('/version/configure');
  await page.getByTestId('add-parameter').click();
  const parameter = dialog(page);
  await parameter.getByTestId('parameter-key').fill(key);
  await parameter.getByTestId('parameter-value').fill('42');
  await parameter.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Parameter added.')).toBeVisible();
  await expect(page.locator('tr', { hasText: key })).toContainText('42');
  await page.getByTestId(`delete-parameter-${key}`).click();
  await popconfirmOk(page).click();
  await expect(page.getByText('Parameter deleted.')).toBeVisible();
  await expect(page.locator('tr', { hasText: key })).toHaveCount(0);
});
