/**
 * The device list and device groups against the real server and its demo data (README "Trying the
 * product"): search, infinite scroll, the search kept for the session, add / edit / bind / delete,
 * the export's cell formats, the toolbar's keys, and screenshots in zh-CN, en and ar.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ARTIFACTS, DEMO_PASSWORD, OPEN_DROPDOWN, savedSession, settled, signIn, tab, useLanguage } from './helpers';

// Starts signed in as the admin (saved once per run); other accounts sign in through the form.
test.use({ storageState: savedSession('admin') });

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const PNG_8PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFElEQVR4nGNkLEllwAaYsIoOWgkAr0AA6u0eifoAAAAASUVORK5CYII=',
  'base64',
);

/** Adds one of the device list's optional columns (issue 18: the default columns fit 1440 px). */
async function showColumn(page: Page, key: string) {
  await page.getByTestId('column-picker').click();
  const box = page.getByTestId('column-picker-panel').locator('label', { has: page.getByTestId(`column-option-${key}`) }).locator('input');
  if (!(await box.isChecked())) await page.getByTestId(`column-option-${key}`).click();
  await expect(box).toBeChecked();
  await page.getByTestId('column-picker').click();
}

function list(page: Page) {
  return page.getByTestId('device-list-page');
}

function holder(page: Page) {
  return page.locator('.cf-devices .ant-table-tbody-virtual-holder');
}

function rows(page: Page) {
  return page.locator('.cf-devices .ant-table-tbody-virtual-holder .ant-table-row');
}

function row(page: Page, serial: string) {
  return rows(page).filter({ has: page.getByTestId('device-serial').getByText(serial, { exact: true }) });
}

/** What the list says it has loaded (from the status line's data attributes). */
async function counts(page: Page): Promise<{ loaded: number; total: number; all: boolean }> {
  const line = page.getByTestId('device-count');
  return {
    loaded: Number(await line.getAttribute('data-loaded')),
    total: Number(await line.getAttribute('data-total')),
    all: (await line.getAttribute('data-all')) === 'true',
  };
}

/** Waits until the list has loaded every matching device. */
async function allLoaded(page: Page, total?: number) {
  await expect(page.getByTestId('device-count')).toHaveAttribute('data-all', 'true');
  if (total !== undefined) await expect(page.getByTestId('device-count')).toHaveAttribute('data-total', String(total));
}

/** Waits until the first page is in and more are to come. */
async function partlyLoaded(page: Page) {
  await expect(page.getByTestId('device-count')).toHaveAttribute('data-loaded', '30');
  await expect(page.getByTestId('device-count')).toHaveAttribute('data-all', 'false');
}

async function serials(page: Page): Promise<string[]> {
  return page.getByTestId('device-serial').allTextContents();
}

async function search(page: Page, text: string) {
  const box = page.getByTestId('filter-text');
  await box.fill(text);
  await box.press('Enter');
}

/** Scroll the virtual list down until everything is loaded. */
async function scrollToEnd(page: Page) {
  await holder(page).hover();
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    expect((await counts(page)).all).toBe(true);
  }).toPass({ timeout: 20_000 });
  await page.mouse.wheel(0, 100_000);
}

/** Opens a row's "More" menu and chooses an entry. */
async function rowMenu(page: Page, target: Locator, entry: string) {
  await target.getByTestId('device-more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: entry }).click();
}

/** Picks a user in the open owner tree select (the root is expanded, children load lazily). */
async function pickOwner(page: Page, select: Locator, label: string) {
  await select.click();
  const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await popup.getByTitle(label, { exact: true }).click();
}

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  // Whole journeys on a shared two-core machine: give each the triple timeout.
  test.slow();
});

// The simulated robots enrol with their own keys (a CSR) at the server's first start and sign in to its broker over
// TLS with their certificates (issue 46): the list's line counts them, and none gets the Password tag.
test('the simulated robots sign in with their own certificates (no Password tag)', async ({ page }) => {
  await signIn(page, '/device/index');
  await partlyLoaded(page);
  const signIns = page.getByTestId('password-robots-count');
  await expect
    .poll(async () => Number(/(\d+) with a certificate/.exec((await signIns.textContent()) ?? '')?.[1] ?? 0), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(12);
  await search(page, 'CF3-0001');
  await expect(page.getByTestId('device-name').first()).toBeVisible();
  await expect(page.getByTestId('device-password-robot')).toHaveCount(0);
});

test('search by text on Enter and by model with the button', async ({ page }) => {
  await signIn(page, '/device/index');
  await partlyLoaded(page);
  await search(page, 'Hospital ward');
  await allLoaded(page);
  await expect(page.getByTestId('device-count')).toHaveText(/^All devices loaded: \d+$/);
  const names = await page.getByTestId('device-name').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toContain('Hospital ward');

  // Choosing a model changes nothing until the search runs (the model column is one the user adds).
  await showColumn(page, 'model');
  await page.getByTestId('filter-text').fill('');
  const before = await counts(page);
  await page.getByTestId('filter-model').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('CleanBot S1').click();
  expect(await counts(page)).toEqual(before);
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId('device-count')).not.toHaveAttribute('data-total', String(before.total));
  for (const text of await rows(page).allTextContents()) expect(text).toContain('CleanBot S1');

  // Nothing matches: an empty state, not an error.
  await search(page, 'no-such-device-xyz');
  await allLoaded(page, 0);
  await expect(list(page).getByText('No device matches this search.')).toBeVisible();
});

test('infinite scroll loads 30 at a time to the end; back to top after 100 px', async ({ page }) => {
  // The pages asked for, each once, in the order first asked: a page asked again is the same page, not one out of
  // order (a clean clone's run once saw the first page asked twice before the second, on a loaded machine; the
  // cause, a remount or a refetch of the first page, was not pinned down).
  const pages: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/device/selectDevicePc')) {
      const body = request.postDataJSON() as { currentPage: number; pageSize: number };
      expect(body.pageSize).toBe(30);
      if (!pages.includes(body.currentPage)) pages.push(body.currentPage);
    }
  });
  await signIn(page, '/device/index');
  await partlyLoaded(page);
  await expect(page.getByTestId('device-count')).toHaveText(/^\d+ of \d+ devices loaded$/);
  const { total } = await counts(page);
  expect(total).toBeGreaterThan(30);
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);

  await scrollToEnd(page);
  await allLoaded(page, total);
  expect((await counts(page)).loaded).toBe(total);
  expect(pages.slice(0, Math.ceil(total / 30))).toEqual(Array.from({ length: Math.ceil(total / 30) }, (_, i) => i + 1));
  // Newest first: the end of the list is the first demo robot.
  await expect(async () => {
    await page.mouse.wheel(0, 100_000);
    await expect(row(page, 'CF20260001')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.screenshot({ path: `${ARTIFACTS}/devices-scrolled-en.png` });

  await page.getByTestId('back-to-top').click();
  await expect.poll(() => holder(page).evaluate((e) => e.scrollTop)).toBe(0);
  await expect(page.getByTestId('back-to-top')).toHaveCount(0);
  await holder(page).hover();
  await page.mouse.wheel(0, 150);
  await expect(page.getByTestId('back-to-top')).toBeVisible();
});

test('the last search is kept after leaving the page, closing its tab and reloading', async ({ page }) => {
  await signIn(page, '/device/index');
  await partlyLoaded(page);
  await search(page, 'Showroom');
  await allLoaded(page);
  const found = await serials(page);
  expect(found.length).toBeGreaterThan(0);

  // Away and back through the menu, with the tab closed in between (the page is mounted anew).
  await page.locator('.cf-sider').getByRole('link', { name: 'Status monitoring', exact: true }).click();
  await expect(page).toHaveURL('/index');
  await page.locator('[data-node-key="/device/index"] .ant-tabs-tab-remove').click();
  await expect(tab(page, '/device/index')).toHaveCount(0);
  await page.locator('.cf-sider').getByRole('link', { name: 'Device list', exact: true }).click();
  await expect(page).toHaveURL('/device/index');
  await expect(page.getByTestId('filter-text')).toHaveValue('Showroom');
  await expect.poll(() => serials(page)).toEqual(found);

  await page.reload();
  await expect(page.getByTestId('filter-text')).toHaveValue('Showroom');
  await expect.poll(() => serials(page)).toEqual(found);

  // Reset clears the filters and what was kept.
  await page.getByTestId('filter-reset').click();
  await expect(page.getByTestId('filter-text')).toHaveValue('');
  await partlyLoaded(page);
});

test('a userId route parameter pre-selects the owner', async ({ page }) => {
  await signIn(page, '/device/index', 'dealerA', DEMO_PASSWORD);
  await pickOwner(page, page.getByTestId('filter-owner'), 'City Hospital (userA1)');
  await page.getByTestId('filter-search').click();
  await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).some((k) => k.includes('device-search')))).toBe(true);
  await allLoaded(page);
  const ownerId = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.includes('device-search'));
    return (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { ownerId?: number }).ownerId;
  });
  expect(ownerId).toBeGreaterThan(0);
  await page.getByTestId('filter-reset').click();

  await page.goto(`/device/index?userId=${ownerId}`);
  await expect(page.getByTestId('filter-owner')).toContainText('City Hospital (userA1)', { timeout: 20_000 });
  await allLoaded(page);
  const owners = await page.getByTestId('device-owner').allTextContents();
  expect(owners.length).toBeGreaterThan(0);
  // userA1's subtree: its own devices and its sub-user's.
  for (const owner of owners) expect(['City Hospital', 'City Hospital night shift']).toContain(owner);
});

test('add, edit, bind and delete a device (connection fields locked for a dealer, a confirmation)', async ({ page }) => {
  const serial = `E2E${Date.now()}`;
  await signIn(page, '/device/index', 'dealerA', DEMO_PASSWORD);
  await page.getByTestId('toolbar-add').click();
  const form = page.getByRole('dialog', { name: 'Add device' });
  await form.getByTestId('form-serial').fill(serial);
  await form.getByTestId('form-name').fill('E2E robot');
  await form.getByTestId('form-type').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('CleanBot M2').click();
  await form.getByTestId('form-sim').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('SimBoss').click();
  // A dealer does not administer transfer nodes: the connection fields are the robot's registration's.
  await expect(form.getByLabel('SSH port')).toBeDisabled();
  await expect(form.getByTestId('form-frp-port')).toBeDisabled();
  await expect(form.getByText('Set by the robot when it registers, or by a transfer-node administrator.').first()).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  const added = page.getByRole('dialog', { name: 'Device "E2E robot" added' });
  await expect(added.getByTestId('device-secret')).not.toBeEmpty();
  await added.getByRole('button', { name: 'OK' }).click();

  await search(page, serial);
  await expect(row(page, serial)).toBeVisible();
  await showColumn(page, 'sim');
  await expect(row(page, serial)).toContainText('SimBoss');
  await expect(row(page, serial)).toContainText('Harbour Cleaning Co.');

  // Edit: the name changes in place.
  await row(page, serial).getByTestId('device-edit').click();
  const edit = page.getByRole('dialog', { name: 'Edit device "E2E robot"' });
  await expect(edit.getByTestId('form-serial')).toHaveValue(serial);
  await edit.getByTestId('form-name').fill('E2E robot renamed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Device saved.')).toBeVisible();
  await expect(row(page, serial).getByTestId('device-name')).toHaveText('E2E robot renamed');

  // Bind to a user of the dealer's subtree, picked from the lazily loaded tree.
  await rowMenu(page, row(page, serial), 'Bind user');
  const bind = page.getByRole('dialog', { name: 'Bind "E2E robot renamed" to a user' });
  await pickOwner(page, bind.getByTestId('bind-select'), 'City Hospital (userA1)');
  await bind.getByTestId('bind-submit').click();
  await expect(page.getByText('"E2E robot renamed" is now bound to City Hospital.')).toBeVisible();
  await expect(row(page, serial).getByTestId('device-owner')).toHaveText('City Hospital');

  // Delete asks first; cancelling keeps the device.
  await rowMenu(page, row(page, serial), 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete device "E2E robot renamed"?' });
  await expect(confirm).toContainText(serial);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, serial)).toBeVisible();
  await rowMenu(page, row(page, serial), 'Delete');
  await page.getByRole('dialog', { name: 'Delete device "E2E robot renamed"?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Device "E2E robot renamed" deleted.')).toBeVisible();
  await expect(row(page, serial)).toHaveCount(0);
  await page.reload();
  await allLoaded(page, 0);
});

test('a transfer-node administrator sets the ports, within their range', async ({ page }) => {
  await signIn(page, '/device/index');
  await page.getByTestId('toolbar-add').click();
  const form = page.getByRole('dialog', { name: 'Add device' });
  await form.getByTestId('form-serial').fill(`E2P${Date.now()}`);
  await form.getByTestId('form-name').fill('E2E port rule');
  await form.getByLabel('SSH port').fill('123');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('A port is a whole number from 20000 to 30000.')).toBeVisible();
  await form.getByLabel('SSH port').fill('20022');
  await expect(form.getByText('A port is a whole number from 20000 to 30000.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
});

test('the export writes durations and percentages as numbers with cell formats', async ({ page }, testInfo) => {
  await signIn(page, '/device/index');
  await partlyLoaded(page);
  const { total } = await counts(page);
  const download = page.waitForEvent('download');
  await page.getByTestId('toolbar-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('export.xlsx');
  const path = testInfo.outputPath('export.xlsx');
  await file.saveAs(path);
  await expect(page.getByText(`${total} devices exported to export.xlsx.`)).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(total + 1);
  const header = sheet.getRow(1).values as unknown[];
  const column = (name: string) => {
    const index = header.indexOf(name);
    expect(index, name).toBeGreaterThan(0);
    return index;
  };
  const battery = column('Battery');
  const progress = column('Progress');
  const sinceHeartbeat = column('Since last heartbeat');
  let percentages = 0;
  let durations = 0;
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const cells = sheet.getRow(r);
    for (const c of [battery, progress]) {
      const cell = cells.getCell(c);
      if (cell.value === null) continue;
      expect(typeof cell.value).toBe('number');
      expect(cell.value as number).toBeGreaterThanOrEqual(0);
      expect(cell.value as number).toBeLessThanOrEqual(1);
      expect(['0%', '0.0%']).toContain(cell.numFmt);
      percentages += 1;
    }
    const duration = cells.getCell(sinceHeartbeat);
    if (duration.value !== null) {
      expect(duration.numFmt).toBe('[h]:mm:ss');
      expect(duration.type).not.toBe(ExcelJS.ValueType.String);
      // exceljs reads a time-formatted number back as a date; the stored number is days.
      const days = duration.value instanceof Date ? (duration.value.getTime() - EXCEL_EPOCH) / 86_400_000 : Number(duration.value);
      expect(days).toBeGreaterThanOrEqual(0);
      durations += 1;
    }
  }
  expect(percentages).toBeGreaterThan(total / 2);
  expect(durations).toBeGreaterThan(0);
  // Serial numbers stay text.
  expect(typeof sheet.getRow(2).getCell(column('Serial number')).value).toBe('string');
});

test('buttons follow the keys: an ordinary user gets no types, auth code, add or row actions beyond the certificate', async ({ page }) => {
  await signIn(page, '/device/index', 'userA1', DEMO_PASSWORD);
  await allLoaded(page);
  await expect(page.getByTestId('toolbar-export')).toBeVisible();
  await expect(page.getByTestId('toolbar-groups')).toBeVisible();
  await expect(page.getByTestId('toolbar-types')).toHaveCount(0);
  await expect(page.getByTestId('toolbar-auth-code')).toHaveCount(0);
  await expect(page.getByTestId('toolbar-add')).toHaveCount(0);
  await expect(rows(page).first().getByTestId('device-edit')).toBeVisible();
  // Of the row's other actions it keeps only viewing the robot's certificate (no owner, binding, parts or delete).
  await rows(page).first().getByTestId('device-more').click();
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem')).toHaveText(['Certificate']);
});

test('auth code with its 2-minute countdown; device types with an image', async ({ page }) => {
  await signIn(page, '/device/index');
  await page.getByTestId('toolbar-auth-code').click();
  const codeDialog = page.getByRole('dialog', { name: 'Auth code for a new robot' });
  await codeDialog.getByTestId('auth-code-generate').click();
  await expect(codeDialog.getByTestId('auth-code-value')).toHaveText(/^[A-Z2-9]{8}$/);
  await expect(codeDialog.getByTestId('auth-code-countdown')).toHaveText(/^Valid for (02:00|01:5\d)$/);
  await expect(codeDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  await codeDialog.getByRole('button', { name: 'Close' }).first().click();

  const name = `E2E type ${Date.now()}`;
  await page.getByTestId('toolbar-types').click();
  const types = page.getByRole('dialog', { name: 'Device types' });
  await types.getByTestId('type-add').click();
  const typeForm = page.getByRole('dialog', { name: 'Add device type' });
  await typeForm.getByTestId('type-name').fill(name);
  await typeForm.locator('input[type="file"]').setInputFiles({ name: 'robot.png', mimeType: 'image/png', buffer: PNG_8PX });
  await expect(typeForm.locator('.ant-avatar img')).toHaveAttribute('src', /\/api\/storage\//);
  await typeForm.getByRole('button', { name: 'Save' }).click();
  const typeRow = types.locator('.ant-table-row', { hasText: name });
  await expect(typeRow).toBeVisible();
  await expect(typeRow.locator('.ant-avatar img')).toHaveAttribute('src', /\/api\/storage\//);
  await typeRow.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(typeRow).toHaveCount(0);
});

test('consumables and maintenance refuse a life or period of 0; hardware applies a batch', async ({ page }) => {
  await signIn(page, '/device/index', 'dealerA', DEMO_PASSWORD);
  await search(page, 'CF20260004');
  const target = row(page, 'CF20260004');
  await expect(target).toBeVisible();

  await rowMenu(page, target, 'Consumables');
  const consumables = page.getByRole('dialog', { name: /^Consumables of/ });
  const life = consumables.getByTestId('life-filter');
  await life.fill('0');
  await consumables.getByTestId('consumables-save').click();
  await expect(consumables.getByText('Enter a number greater than 0.')).toBeVisible();
  await life.fill('600');
  await consumables.getByTestId('consumables-save').click();
  await expect(page.getByText('Consumables saved.')).toBeVisible();

  await rowMenu(page, target, 'Maintenance');
  const maintenance = page.getByRole('dialog', { name: /^Maintenance of/ });
  await maintenance.getByTestId('reminder-add').click();
  await maintenance.getByTestId('reminder-name').last().fill('E2E check');
  await maintenance.getByTestId('reminder-period').last().fill('0');
  await maintenance.getByTestId('maintenance-save').click();
  await expect(maintenance.getByText('Enter a number greater than 0.')).toBeVisible();
  await maintenance.getByTestId('reminder-period').last().fill('240');
  await maintenance.getByTestId('maintenance-save').click();
  await expect(page.getByText('Maintenance reminders saved.')).toBeVisible();

  await rowMenu(page, target, 'Hardware');
  const drawer = page.locator('.ant-drawer-section', { hasText: 'Hardware of' });
  await expect(drawer.getByText('Change history')).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Apply a production batch' }).click();
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`).first().click();
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/^Parts of batch ".+" fitted \(\d+ changed\)\.$/)).toBeVisible();
});

test('device groups: add with members, edit, delete with confirmation', async ({ page }) => {
  const name = `E2E group ${Date.now()}`;
  await signIn(page, '/device/index', 'dealerA', DEMO_PASSWORD);
  await page.getByTestId('toolbar-groups').click();
  await expect(page).toHaveURL('/device/group');
  await page.getByTestId('group-add').click();
  const form = page.getByRole('dialog', { name: 'Add device group' });
  await form.getByTestId('group-name').fill(name);
  await form.getByText('Same map').click();
  await form.getByTestId('group-members').click();
  const options = page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`);
  await options.nth(0).click();
  await options.nth(1).click();
  await form.getByTestId('group-name').click();
  await form.getByRole('button', { name: 'Save' }).click();
  const group = page.locator('.ant-table-row', { hasText: name });
  await expect(group).toContainText('Same map');
  await expect(group.getByTestId('group-count')).toHaveText('Devices: 2');

  await group.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit group "${name}"` });
  await edit.getByTestId('group-name').fill(`${name} B`);
  await edit.getByRole('button', { name: 'Save' }).click();
  const renamed = page.locator('.ant-table-row', { hasText: `${name} B` });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.ant-popconfirm')).toContainText(`Delete group "${name} B"?`);
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
});

for (const language of ['zh-CN', 'en', 'ar'] as const) {
  test(`screenshots in ${language}`, async ({ page, context, baseURL }) => {
    await useLanguage(context, language, baseURL);
    await signIn(page, '/device/index', 'dealerA', DEMO_PASSWORD);
    await expect(rows(page).first()).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/devices-list-${language}.png` });
    await rows(page).first().getByTestId('device-edit').click();
    await expect(page.locator('.ant-modal')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/devices-edit-${language}.png` });
    await page.keyboard.press('Escape');
    await rows(page).first().getByTestId('device-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').nth(2).click();
    await expect(page.locator('.ant-drawer-section')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/devices-hardware-${language}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/device/group');
    await expect(page.getByTestId('device-group-page').locator('.ant-table-row').first()).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/devices-groups-${language}.png` });
  });
}
